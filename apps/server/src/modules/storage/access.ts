import { and, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ResourceAccess, Row } from '#platform/http/resource/index.ts';
import { requireIdentity, type RequestIdentity } from '../auth/index.ts';

/** The columns every storage table has for ownership and realm. */
export interface OwnedColumns {
  actor_type: PgColumn;
  actor_id: PgColumn;
  realm_id: PgColumn;
}

/** Whether the identity created the record (buckets and files record their creator as actor). */
export function isOwner(identity: RequestIdentity, row: Row): boolean {
  return row.actor_type === identity.type && row.actor_id === identity.id;
}

/**
 * Rows the caller may read: its own, those of its realm (every row for the master realm), and those
 * a bucket grant names (`granted`). Reads need no permission beyond that, as in the original, where
 * any signed-in identity reads storage.
 */
export function readableRows(
  request: FastifyRequest,
  access: ResourceAccess,
  table: OwnedColumns,
  granted?: SQL,
): SQL | undefined {
  const identity = requireIdentity(request);
  const realm = access.visibleRows(request, table.realm_id);
  if (!realm) return undefined;
  return or(realm, and(eq(table.actor_type, identity.type), eq(table.actor_id, identity.id)), granted);
}

/**
 * A change to a record (upload, update, delete): its owner may always; anyone else needs one of the
 * permissions, granted for the record's realm (the default policy refuses other realms).
 */
export async function assertMayChange(
  request: FastifyRequest,
  access: ResourceAccess,
  permissions: readonly string[],
  attributes: Row,
  owners: readonly Row[] = [attributes],
): Promise<void> {
  const identity = requireIdentity(request);
  if (owners.some((row) => isOwner(identity, row))) return;
  await access.check(request, permissions, attributes);
}
