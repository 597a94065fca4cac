export * from './buckets.ts';
export * from './bucket-files.ts';
