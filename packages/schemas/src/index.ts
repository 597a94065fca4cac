export * from './errors.ts';
export * from './client-error-codes.ts';
export * from './list.ts';
export * from './permissions.ts';
export * from './permission-sets.ts';
export * from './core/index.ts';
