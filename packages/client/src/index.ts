export * from './errors.ts';
export * from './http-client.ts';
export * from './query-string.ts';
export * from './robot-vault.ts';
export * from './response-schema.ts';
