import { verifyCredentials } from '../../identity/verify-credentials.ts';
import { findRealm } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/**
 * Client credentials (RFC 6749 §4.4): the client authenticates with `client_id`/`client_secret` in
 * the body or with HTTP Basic. Only active confidential clients qualify; no refresh token is issued
 * (RFC 6749 §4.4.3). A secret verified before (same client, same stored hash) is recognised without
 * another argon2 run (VerifiedSecretCache).
 */
export const clientCredentialsGrant: Grant = async (context, { params, basic, remoteAddress }) => {
  const { db, tokens, throttle } = context;
  const clientId = basic?.id ?? params.client_id;
  const clientSecret = basic?.secret ?? params.client_secret;
  if (!clientId || !clientSecret) throw OAuthError.invalidClient();

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) {
    await throttle.recordFailure([], remoteAddress);
    throw OAuthError.invalidClient();
  }

  const client = await verifyCredentials(context, {
    kinds: ['client'],
    name: clientId,
    secret: clientSecret,
    realmId: realm?.id,
    remoteAddress,
  });
  if (!client) throw OAuthError.invalidClient();
  if (!client.active) throw OAuthError.entityInactive('client');
  return tokens.issue(
    {
      kind: 'client',
      id: client.id,
      realmId: client.realm_id,
      realmName: client.realm_name,
      clientId: client.id,
    },
    { scope: params.scope?.trim() || 'global', withRefreshToken: false, remoteAddress },
  );
};
