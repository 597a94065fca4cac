import { and, eq } from 'drizzle-orm';
import { robots } from '../../db/identity.ts';
import { verifySecret } from '../../crypto/secrets.ts';
import { findRealm, UUID_PATTERN } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/** Robot sign-in with `id` (id or name), `secret` and optionally `realm_id`; access token only. */
export const robotCredentialsGrant: Grant = async ({ db, tokens, throttle }, { params, remoteAddress }) => {
  const id = params.id?.trim();
  const secret = params.secret;
  if (!id || !secret) throw OAuthError.invalidRequest('The parameters id and secret are required.');

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) throw OAuthError.invalidCredentials('robot');

  const accountKey = `robot:${realm?.id ?? '*'}:${id.toLowerCase()}`;
  await throttle.assertAllowed(accountKey, remoteAddress);
  const byId = UUID_PATTERN.test(id) ? eq(robots.id, id) : eq(robots.name, id);
  const candidates = await db
    .select({ id: robots.id, secret: robots.secret, active: robots.active, realm_id: robots.realm_id })
    .from(robots)
    .where(realm ? and(byId, eq(robots.realm_id, realm.id)) : byId)
    .limit(10);
  for (const candidate of candidates) {
    if (!(await verifySecret(secret, candidate.secret))) continue;
    if (!candidate.active) throw OAuthError.entityInactive('robot');
    await throttle.recordSuccess(accountKey);
    const robotRealm = realm ?? (await findRealm(db, candidate.realm_id))!;
    return tokens.issue(
      { kind: 'robot', id: candidate.id, realmId: robotRealm.id, realmName: robotRealm.name },
      { scope: 'global', withRefreshToken: false, remoteAddress },
    );
  }
  await throttle.recordFailure(accountKey, remoteAddress);
  throw OAuthError.invalidCredentials('robot');
};
