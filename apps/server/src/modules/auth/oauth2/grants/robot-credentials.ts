import { verifyCredentials } from '../../identity/verify-credentials.ts';
import { findRealm } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/**
 * Robot sign-in with `id` (id or name), `secret` and optionally `realm_id`; access token only. A
 * secret verified before (same robot, same stored hash) is recognised without another argon2 run.
 */
export const robotCredentialsGrant: Grant = async (context, { params, remoteAddress }) => {
  const { db, tokens, throttle } = context;
  const id = params.id?.trim();
  const secret = params.secret;
  if (!id || !secret) throw OAuthError.invalidRequest('The parameters id and secret are required.');

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) {
    await throttle.recordFailure([], remoteAddress);
    throw OAuthError.invalidCredentials('robot');
  }

  const robot = await verifyCredentials(context, {
    kinds: ['robot'],
    name: id,
    secret,
    realmId: realm?.id,
    remoteAddress,
  });
  if (!robot) throw OAuthError.invalidCredentials('robot');
  if (!robot.active) throw OAuthError.entityInactive('robot');
  return tokens.issue(
    { kind: 'robot', id: robot.id, realmId: robot.realm_id, realmName: robot.realm_name },
    { scope: 'global', withRefreshToken: false, remoteAddress },
  );
};
