import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { DatabaseHandle } from '#platform/db/database.ts';

/** Where the adapter keeps payloads too large for a NOTIFY (its default name, created as its docs say). */
const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** One connection stays checked out for LISTEN; the others carry NOTIFY and the attachment sweep. */
const POOL_SIZE = 3;

export interface ClusterAdapter {
  adapter: ReturnType<typeof createAdapter>;
  /** Ends the adapter's connections; call after the socket.io server closed. */
  close(): Promise<void>;
}

/**
 * The connection string of the database the app really uses: the configured URL, or (when the handle
 * was opened some other way, as the test harness does with a database per test file) the handle's own
 * pool settings. Replicas must meet on the same database for LISTEN/NOTIFY to reach them.
 */
export function postgresUrlOf(
  database: DatabaseHandle,
  configuredUrl: string | undefined,
): string | undefined {
  if (database.kind !== 'postgres') return undefined;
  if (configuredUrl) return configuredUrl;
  const client = (database.db as { $client?: { options?: { connectionString?: unknown } } }).$client;
  const url = client?.options?.connectionString;
  return typeof url === 'string' ? url : undefined;
}

/**
 * The socket.io adapter that fans emissions out to every replica through PostgreSQL LISTEN/NOTIFY.
 * It gets a pool of its own so the held LISTEN connection never starves the application's queries.
 */
export async function createClusterAdapter(
  url: string,
  onError: (error: Error) => void,
): Promise<ClusterAdapter> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle connection that drops must not crash the process; the adapter reconnects by itself.
  pool.on('error', onError);
  // Each emission is a NOTIFY in a transaction of its own, and every such commit waited for a WAL
  // flush (an analysis command sends about ten). A notification is never kept across a crash
  // anyway, so waiting for the disk buys nothing; the commit still delivers it to the listeners.
  pool.on('connect', (client) => {
    client.query('SET synchronous_commit = off').catch(onError);
  });
  try {
    await pool.query(`
      CREATE TABLE IF NOT EXISTS ${ATTACHMENTS_TABLE} (
        id          bigserial UNIQUE,
        created_at  timestamptz DEFAULT NOW(),
        payload     bytea
      )`);
  } catch (error) {
    // Two replicas starting together may both try to create it; the loser sees a duplicate.
    if (!isDuplicateObject(error)) {
      await pool.end();
      throw error;
    }
  }
  return {
    adapter: createAdapter(pool, {
      tableName: ATTACHMENTS_TABLE,
      errorHandler: onError,
      // Heartbeats (a NOTIFY per namespace and replica) only serve requests that wait for every
      // replica's answer (fetchSockets, serverSideEmit with acks), which the gateway never makes; a
      // slow beat keeps namespaces of many realms from flooding the database.
      heartbeatInterval: 30_000,
      heartbeatTimeout: 90_000,
    }),
    close: () => pool.end(),
  };
}

/** 42P07 duplicate_table, 23505 unique_violation (on pg_type when two CREATE TABLE race). */
function isDuplicateObject(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P07' || code === '23505';
}
