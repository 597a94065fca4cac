import type { FastifyRequest } from 'fastify';
import { HttpError } from '#platform/http/errors.ts';
import { MASTER_REALM_NAME } from '#modules/auth/index.ts';

/** Master-realm identities act on every realm (docs/design.md §5). */
export function isMasterRealm(request: FastifyRequest): boolean {
  return request.identity?.realmName === MASTER_REALM_NAME;
}

/** `isRealmResourceWritable`: the master realm, or the record's own realm. */
export function canWriteRealm(request: FastifyRequest, realmId: string | null | undefined): boolean {
  return isMasterRealm(request) || (!!realmId && request.identity?.realmId === realmId);
}

export function assertRealmWritable(
  request: FastifyRequest,
  realmId: string | null | undefined,
  message = 'You are not permitted to update this object.',
): void {
  if (!canWriteRealm(request, realmId)) throw new HttpError(403, 'forbidden', message);
}

/** The realm of a new record: the one asked for (only the master realm may pick another), else the caller's. */
export function realmOfNewRecord(request: FastifyRequest, requested: unknown): string {
  const identity = request.identity;
  if (!identity) throw new HttpError(401, 'unauthorized', 'You must be signed in to do this.');
  if (typeof requested !== 'string' || requested === identity.realmId) return identity.realmId;
  assertRealmWritable(request, requested, 'Only the master realm may create records in another realm.');
  return requested;
}
