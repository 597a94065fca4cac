import { and, eq } from 'drizzle-orm';
import { realms, robots } from '../../db/identity.ts';
import { findRealm, UUID_PATTERN } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/**
 * Robot sign-in with `id` (id or name), `secret` and optionally `realm_id`; access token only. A
 * secret verified before (same robot, same stored hash) is recognised without another argon2 run.
 */
export const robotCredentialsGrant: Grant = async (
  { db, tokens, throttle, verifiedSecrets },
  { params, remoteAddress },
) => {
  const id = params.id?.trim();
  const secret = params.secret;
  if (!id || !secret) throw OAuthError.invalidRequest('The parameters id and secret are required.');

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) throw OAuthError.invalidCredentials('robot');

  const accountKey = `robot:${realm?.id ?? '*'}:${id.toLowerCase()}`;
  const byId = UUID_PATTERN.test(id) ? eq(robots.id, id) : eq(robots.name, id);
  // The throttle's counters come with the lookup (one round trip); it still decides first.
  const candidates = await db
    .select({
      id: robots.id,
      secret: robots.secret,
      active: robots.active,
      realm_id: robots.realm_id,
      realm_name: realms.name,
      counters: throttle.countersColumn(accountKey, remoteAddress),
    })
    .from(robots)
    .innerJoin(realms, eq(realms.id, robots.realm_id))
    .where(realm ? and(byId, eq(robots.realm_id, realm.id)) : byId)
    .limit(10);
  const hadFailures = candidates[0]
    ? throttle.assertCounters(candidates[0].counters, accountKey, remoteAddress)
    : await throttle.assertAllowed(accountKey, remoteAddress);
  for (const candidate of candidates) {
    if (!(await verifiedSecrets.verify(`robot:${candidate.id}`, secret, candidate.secret))) continue;
    if (!candidate.active) throw OAuthError.entityInactive('robot');
    if (hadFailures) await throttle.recordSuccess(accountKey);
    return tokens.issue(
      { kind: 'robot', id: candidate.id, realmId: candidate.realm_id, realmName: candidate.realm_name },
      { scope: 'global', withRefreshToken: false, remoteAddress },
    );
  }
  await throttle.recordFailure(accountKey, remoteAddress);
  throw OAuthError.invalidCredentials('robot');
};
