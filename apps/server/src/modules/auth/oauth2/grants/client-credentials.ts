import { and, eq } from 'drizzle-orm';
import { clients, realms } from '../../db/identity.ts';
import { findRealm, UUID_PATTERN } from '../../realms/resolve-realm.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/**
 * Client credentials (RFC 6749 §4.4): the client authenticates with `client_id`/`client_secret` in
 * the body or with HTTP Basic. Only active confidential clients qualify; no refresh token is issued
 * (RFC 6749 §4.4.3). A secret verified before (same client, same stored hash) is recognised without
 * another argon2 run (VerifiedSecretCache).
 */
export const clientCredentialsGrant: Grant = async (
  { db, tokens, throttle, verifiedSecrets },
  { params, basic, remoteAddress },
) => {
  const clientId = basic?.id ?? params.client_id;
  const clientSecret = basic?.secret ?? params.client_secret;
  if (!clientId || !clientSecret) throw OAuthError.invalidClient();

  const realmKey = params.realm_id || params.realm_name;
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) throw OAuthError.invalidClient();

  const accountKey = `client:${realm?.id ?? '*'}:${clientId.toLowerCase()}`;
  const byId = UUID_PATTERN.test(clientId) ? eq(clients.id, clientId) : eq(clients.name, clientId);
  // The throttle's counters come with the lookup (one round trip); it still decides first.
  const candidates = await db
    .select({
      id: clients.id,
      secret: clients.secret,
      active: clients.active,
      is_confidential: clients.is_confidential,
      realm_id: clients.realm_id,
      realm_name: realms.name,
      counters: throttle.countersColumn(accountKey, remoteAddress),
    })
    .from(clients)
    .innerJoin(realms, eq(realms.id, clients.realm_id))
    .where(realm ? and(byId, eq(clients.realm_id, realm.id)) : byId)
    .limit(10);
  const hadFailures = candidates[0]
    ? throttle.assertCounters(candidates[0].counters, accountKey, remoteAddress)
    : await throttle.assertAllowed(accountKey, remoteAddress);
  for (const client of candidates) {
    if (!client.is_confidential) continue;
    if (!(await verifiedSecrets.verify(`client:${client.id}`, clientSecret, client.secret))) continue;
    if (!client.active) throw OAuthError.entityInactive('client');
    if (hadFailures) await throttle.recordSuccess(accountKey);
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
  }
  await throttle.recordFailure(accountKey, remoteAddress);
  throw OAuthError.invalidClient();
};
