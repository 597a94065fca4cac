export * from './errors.ts';
export * from './http-client.ts';
export * from './query-string.ts';
