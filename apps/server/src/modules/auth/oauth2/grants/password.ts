import { and, eq } from 'drizzle-orm';
import { users } from '../../db/identity.ts';
import { verifySecret } from '../../crypto/secrets.ts';
import { signInWithLdap } from '../../identity-providers/ldap/ldap-sign-in.ts';
import { findRealm, UUID_PATTERN } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/** How many accounts of the same name (in different realms) are tried when no realm is given. */
const MAX_CANDIDATES = 10;

/**
 * Resource owner password credentials (RFC 6749 §4.3): `username`, `password` and optionally the realm
 * as `realm_id` (id or name) or `realm_name`. Without a realm every account of that name is tried.
 * When no local account accepts the password, the LDAP providers of the realm (of every realm
 * without one) are asked; a directory user signs in as its linked local user.
 */
export const passwordGrant: Grant = async ({ db, tokens, throttle, secrets }, { params, remoteAddress }) => {
  const username = params.username?.trim();
  const password = params.password;
  if (!username || !password)
    throw OAuthError.invalidRequest('The parameters username and password are required.');

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) throw OAuthError.invalidCredentials('user');

  const accountKey = `${realm?.id ?? '*'}:${username.toLowerCase()}`;
  const hadFailures = await throttle.assertAllowed(accountKey, remoteAddress);

  const byName = UUID_PATTERN.test(username) ? eq(users.id, username) : eq(users.name, username);
  const candidates = await db
    .select({ id: users.id, password: users.password, active: users.active, realm_id: users.realm_id })
    .from(users)
    .where(realm ? and(byName, eq(users.realm_id, realm.id)) : byName)
    .limit(MAX_CANDIDATES);

  const signIn = async (user: { id: string; active: boolean; realm_id: string }) => {
    if (!user.active) throw OAuthError.entityInactive('user');
    if (hadFailures) await throttle.recordSuccess(accountKey);
    const userRealm = realm ?? (await findRealm(db, user.realm_id))!;
    return tokens.issue(
      { kind: 'user', id: user.id, realmId: userRealm.id, realmName: userRealm.name },
      { scope: 'global', withRefreshToken: true, remoteAddress },
    );
  };

  for (const candidate of candidates) {
    if (await verifySecret(password, candidate.password)) return signIn(candidate);
  }
  const directoryUser = await signInWithLdap(db, { username, password, realmId: realm?.id }, secrets);
  if (directoryUser) return signIn(directoryUser);

  await throttle.recordFailure(accountKey, remoteAddress);
  throw OAuthError.invalidCredentials('user');
};
