import type { DatabaseHandle } from '#platform/db/database.ts';

/**
 * The connection string of the database the app really uses: the configured URL, or (when the handle
 * was opened some other way, as the test harness does with a database per test file) the handle's own
 * pool settings. Replicas must meet on the same database for LISTEN/NOTIFY to reach them; on the
 * embedded database there is no other replica, and no URL.
 */
export function relayDatabaseUrl(
  database: DatabaseHandle,
  configuredUrl: string | undefined,
): string | undefined {
  if (database.kind !== 'postgres') return undefined;
  if (configuredUrl) return configuredUrl;
  const client = (database.db as { $client?: { options?: { connectionString?: unknown } } }).$client;
  const url = client?.options?.connectionString;
  return typeof url === 'string' ? url : undefined;
}
