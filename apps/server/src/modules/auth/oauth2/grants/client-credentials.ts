import { and, eq } from 'drizzle-orm';
import { clients } from '../../db/identity.ts';
import { verifySecret } from '../../crypto/secrets.ts';
import { findRealm, UUID_PATTERN } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/**
 * Client credentials (RFC 6749 §4.4): the client authenticates with `client_id`/`client_secret` in
 * the body or with HTTP Basic. Only active confidential clients qualify; no refresh token is issued
 * (RFC 6749 §4.4.3).
 */
export const clientCredentialsGrant: Grant = async (
  { db, tokens, throttle },
  { params, basic, remoteAddress },
) => {
  const clientId = basic?.id ?? params.client_id;
  const clientSecret = basic?.secret ?? params.client_secret;
  if (!clientId || !clientSecret) throw OAuthError.invalidClient();

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) throw OAuthError.invalidClient();

  const accountKey = `client:${realm?.id ?? '*'}:${clientId.toLowerCase()}`;
  await throttle.assertAllowed(accountKey, remoteAddress);
  const byId = UUID_PATTERN.test(clientId) ? eq(clients.id, clientId) : eq(clients.name, clientId);
  const candidates = await db
    .select()
    .from(clients)
    .where(realm ? and(byId, eq(clients.realm_id, realm.id)) : byId)
    .limit(10);
  for (const client of candidates) {
    if (!client.is_confidential || !(await verifySecret(clientSecret, client.secret))) continue;
    if (!client.active) throw OAuthError.entityInactive('client');
    await throttle.recordSuccess(accountKey);
    const clientRealm = realm ?? (await findRealm(db, client.realm_id))!;
    return tokens.issue(
      {
        kind: 'client',
        id: client.id,
        realmId: clientRealm.id,
        realmName: clientRealm.name,
        clientId: client.id,
      },
      { scope: params.scope?.trim() || 'global', withRefreshToken: false, remoteAddress },
    );
  }
  await throttle.recordFailure(accountKey, remoteAddress);
  throw OAuthError.invalidClient();
};
