import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Database } from '#platform/db/database.ts';
import { verifySecret } from '../../crypto/secrets.ts';
import { clients, users } from '../../db/identity.ts';
import { findRealm } from '../../realms/resolve-realm.ts';
import {
  consumeAuthorizationCode,
  recordCodeTokens,
  type ApprovedAuthorization,
} from '../authorization-codes.ts';
import { OAuthError } from '../errors.ts';
import { verifyCodeVerifier } from '../pkce.ts';
import type { Grant, GrantRequest } from './types.ts';

const usedUp = () =>
  OAuthError.invalidGrant('The authorization code is invalid, expired or has already been used.');

/**
 * The client the code was issued to, authenticated (RFC 6749 §4.1.3, §3.2.1): it must name itself
 * (`client_id` or HTTP Basic), and a confidential client must prove it with its secret. A secret that
 * is sent must be right even for a public client.
 */
async function authenticateClient(
  db: Database,
  approved: ApprovedAuthorization,
  { params, basic }: GrantRequest,
) {
  const presentedId = basic?.id ?? params.client_id;
  const presentedSecret = basic?.secret ?? params.client_secret;
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      secret: clients.secret,
      is_confidential: clients.is_confidential,
      active: clients.active,
      realm_id: clients.realm_id,
    })
    .from(clients)
    .where(eq(clients.id, approved.client_id));
  if (!client || !client.active || !presentedId) throw OAuthError.invalidClient();
  if (presentedId !== client.id && presentedId !== client.name) {
    throw OAuthError.invalidGrant('The authorization code was issued to another client.');
  }
  if (client.is_confidential && !presentedSecret) throw OAuthError.invalidClient();
  if (presentedSecret !== undefined && !(await verifySecret(presentedSecret, client.secret))) {
    throw OAuthError.invalidClient();
  }
  return client;
}

/** PKCE (RFC 7636 §4.6); a verifier without a challenge is refused too, against downgrade (RFC 9700 §2.1.1). */
function checkCodeVerifier(approved: ApprovedAuthorization, verifier: string | undefined): void {
  if (!approved.code_challenge || !approved.code_challenge_method) {
    if (verifier)
      throw OAuthError.invalidGrant(
        'A code verifier was sent, but the authorization request had no code challenge.',
      );
    return;
  }
  if (!verifier) throw OAuthError.invalidRequest('The parameter code_verifier is required.');
  if (!verifyCodeVerifier(verifier, approved.code_challenge, approved.code_challenge_method)) {
    throw OAuthError.invalidGrant('The code verifier does not match the code challenge.');
  }
}

/**
 * Authorization code (RFC 6749 §4.1.3) with PKCE. The code is used up before anything else is checked,
 * so every attempt costs the code, whether it succeeds or not: a stolen code cannot be tried against
 * several verifiers or secrets. Issues an access and a refresh token with the approved scope, and an ID
 * token when the scope contains `openid`.
 */
export const authorizationCodeGrant: Grant = async ({ db, tokens }, request) => {
  const { params, remoteAddress, userAgent } = request;
  if (!params.code) throw OAuthError.invalidRequest('The parameter code is required.');
  const consumed = await consumeAuthorizationCode(db, params.code);
  if (consumed.kind === 'replayed') {
    // RFC 6749 §4.1.2: a code used twice was probably stolen; what it was exchanged for is revoked.
    await tokens.revokeGrant(consumed.id, consumed.accessTokenId);
    throw usedUp();
  }
  if (consumed.kind !== 'valid') throw usedUp();
  const { approved } = consumed;

  const client = await authenticateClient(db, approved, request);
  // A public client can only be trusted through PKCE; the authorization endpoint already insists on it.
  if (!client.is_confidential && !approved.code_challenge) throw usedUp();
  checkCodeVerifier(approved, params.code_verifier);
  if (params.redirect_uri !== approved.redirect_uri) {
    throw OAuthError.invalidGrant('The redirect URI does not match the one of the authorization request.');
  }

  const [user] = await db.select().from(users).where(eq(users.id, approved.user_id));
  if (!user) throw usedUp();
  if (!user.active) throw OAuthError.entityInactive('user');
  // Checked again here: the user or the client may have moved since the approval.
  if (user.realm_id !== approved.realm_id || client.realm_id !== approved.realm_id) throw usedUp();
  const realm = await findRealm(db, user.realm_id);
  if (!realm) throw usedUp();

  const scopes = approved.scope.split(' ').filter(Boolean);
  const idTokenClaims = scopes.includes('openid')
    ? {
        name: user.name,
        preferred_username: user.display_name ?? user.name,
        ...(user.first_name ? { given_name: user.first_name } : {}),
        ...(user.last_name ? { family_name: user.last_name } : {}),
        ...(scopes.includes('email') && user.email ? { email: user.email } : {}),
        ...(approved.nonce ? { nonce: approved.nonce } : {}),
      }
    : undefined;

  const issued = await tokens.issue(
    { kind: 'user', id: user.id, realmId: realm.id, realmName: realm.name, clientId: client.id },
    {
      scope: approved.scope,
      withRefreshToken: true,
      remoteAddress,
      userAgent,
      idTokenClaims,
      grantId: consumed.id,
    },
  );
  await recordCodeTokens(db, consumed.id, decodeJwt(issued.access_token).jti!);
  return issued;
};
