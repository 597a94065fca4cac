export * from './storage.ts';
