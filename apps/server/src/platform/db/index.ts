export * from './database.ts';
export * from './transaction.ts';
