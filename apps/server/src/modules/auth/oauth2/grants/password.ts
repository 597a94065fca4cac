import { verifyCredentials } from '../../identity/verify-credentials.ts';
import { signInWithLdap } from '../../identity-providers/ldap/ldap-sign-in.ts';
import { findRealm } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/**
 * Resource owner password credentials (RFC 6749 §4.3): `username`, `password` and optionally the realm
 * as `realm_id` (id or name) or `realm_name`. Without a realm every account of that name is tried.
 * When no local account accepts the password, the LDAP providers of the realm (of every realm
 * without one) are asked; a directory user signs in as its linked local user.
 */
export const passwordGrant: Grant = async (context, { params, remoteAddress, userAgent }) => {
  const { db, tokens, throttle, secrets } = context;
  const username = params.username?.trim();
  const password = params.password;
  if (!username || !password)
    throw OAuthError.invalidRequest('The parameters username and password are required.');

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) {
    await throttle.recordFailure([], remoteAddress);
    throw OAuthError.invalidCredentials('user');
  }

  const user = await verifyCredentials(context, {
    kinds: ['user'],
    name: username,
    secret: password,
    realmId: realm?.id,
    remoteAddress,
    fallback: async () => {
      const directoryUser = await signInWithLdap(db, { username, password, realmId: realm?.id }, secrets);
      if (!directoryUser) return undefined;
      const userRealm = realm ?? (await findRealm(db, directoryUser.realm_id))!;
      return { ...directoryUser, kind: 'user', realm_name: userRealm.name, version: null };
    },
  });
  if (!user) throw OAuthError.invalidCredentials('user');
  if (!user.active) throw OAuthError.entityInactive('user');
  return tokens.issue(
    { kind: 'user', id: user.id, realmId: user.realm_id, realmName: user.realm_name },
    { scope: 'global', withRefreshToken: true, remoteAddress, userAgent },
  );
};
