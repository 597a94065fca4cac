import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '#platform/http/errors.ts';
import type { Row } from '#platform/http/resource/index.ts';
import { UUID_PATTERN } from '../realms/resolve-realm.ts';

/**
 * `:id` as an id, or as a name within a realm: the `realm_id` query parameter, else the caller's
 * realm. Non-master callers are confined to their realm by realm isolation anyway.
 */
export function idOrNameLookup(columns: { id: PgColumn; name: PgColumn; realm_id: PgColumn }) {
  return (key: string, request: FastifyRequest): SQL => {
    if (UUID_PATTERN.test(key)) return eq(columns.id, key);
    const query = request.query as Record<string, unknown>;
    const realmId =
      typeof query.realm_id === 'string' && UUID_PATTERN.test(query.realm_id)
        ? query.realm_id
        : request.identity?.realmId;
    return realmId ? and(eq(columns.name, key), eq(columns.realm_id, realmId))! : eq(columns.name, key);
  };
}

/**
 * The realm of a new record: the one asked for, else the caller's. `globalForMaster` leaves it empty
 * for master-realm callers (roles, permissions and policies may be global).
 */
export function realmForCreate(request: FastifyRequest, input: Row, globalForMaster = false): string | null {
  if (typeof input.realm_id === 'string') return input.realm_id;
  const identity = request.identity;
  if (!identity) throw badRequest('The attribute realm_id is required.');
  if (globalForMaster && identity.realmName === 'master') return null;
  return identity.realmId;
}

/** Removes keys whose value is undefined, so an update only touches what was sent. */
export function defined(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}
