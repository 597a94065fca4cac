import type { Database } from './database.ts';

/** The handle a transaction callback receives; it has the same query API as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both so callers decide the scope. */
export type Executor = Database | Transaction;

/**
 * Runs `work` in one transaction: everything it writes is committed together, or nothing is when it
 * throws. Nested calls join the outer transaction through a savepoint.
 */
export function withTransaction<T>(executor: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return executor.transaction(work);
}
