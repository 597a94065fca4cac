import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { HttpError } from '#platform/http/errors.ts';
import { clients } from '../../db/identity.ts';
import { findSubject } from '../../identity/subjects.ts';
import { subjectOf, type TokenClaims } from '../../tokens/claims.ts';
import { OAuthError } from '../errors.ts';
import type { Grant, GrantContext, GrantRequest } from './types.ts';

const unusable = () =>
  OAuthError.invalidGrant('The refresh token is invalid, expired or has already been used.');

/**
 * A refresh token that is no JWT at all: the code and message of authup, which its clients test for,
 * with the error RFC 6749 §5.2 names for an unusable grant.
 */
const undecodable = () =>
  new HttpError(400, 'invalid_token', 'The JWT is invalid.', { oauthError: 'invalid_grant' });

function assertDecodable(token: string): void {
  try {
    decodeJwt(token);
  } catch {
    throw undecodable();
  }
}

/**
 * The client a refresh token was issued to (RFC 6749 §6, §3.2.1): it must still exist in the token's
 * realm and be active; a confidential client must authenticate with its secret (body or HTTP Basic,
 * as for client_credentials), and a client that names itself must be that client. A secret that is
 * sent must be right even for a public client.
 */
async function authenticateTokenClient(
  { db, verifiedSecrets }: GrantContext,
  claims: TokenClaims,
  { params, basic }: GrantRequest,
): Promise<void> {
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
    .where(eq(clients.id, claims.client_id!));
  if (!client || client.realm_id !== claims.realm_id) throw unusable();

  const presentedId = basic?.id ?? params.client_id;
  const presentedSecret = basic?.secret ?? params.client_secret;
  if (presentedId !== undefined && presentedId !== client.id && presentedId !== client.name) {
    throw OAuthError.invalidGrant('The refresh token was issued to another client.');
  }
  if (client.is_confidential && !presentedSecret) throw OAuthError.invalidClient();
  if (
    presentedSecret !== undefined &&
    !(await verifiedSecrets.verify(`client:${client.id}`, presentedSecret, client.secret))
  ) {
    throw OAuthError.invalidClient();
  }
  if (!client.active) throw OAuthError.entityInactive('client');
}

/**
 * Refresh (RFC 6749 §6) with rotation: the refresh token is used up and a new pair is issued with the
 * same scope. A used, revoked or expired refresh token is an invalid grant. The client of the token is
 * authenticated before the token is used up, so that someone holding a stolen refresh token of a
 * confidential client, but not its secret, can neither use it nor burn it.
 */
export const refreshTokenGrant: Grant = async (context, request) => {
  const { db, tokens } = context;
  const { params, remoteAddress, userAgent } = request;
  const token = params.refresh_token;
  if (!token) throw OAuthError.invalidRequest('The parameter refresh_token is required.');
  assertDecodable(token);
  let claims: TokenClaims;
  try {
    claims = await tokens.verify(token, 'refresh_token');
  } catch {
    throw unusable();
  }
  // Tokens of the password grant carry no client; tokens issued through a client do.
  if (claims.client_id) await authenticateTokenClient(context, claims, request);
  const grantId = await tokens.grantOf(claims.jti);
  try {
    claims = await tokens.consumeRefreshToken(token);
  } catch {
    throw unusable();
  }
  const subject = await findSubject(db, claims.sub_kind, claims.sub);
  if (!subject) throw unusable();
  if (!subject.active) throw OAuthError.entityInactive(claims.sub_kind);
  return tokens.issue(subjectOf(claims), {
    scope: claims.scope,
    withRefreshToken: true,
    remoteAddress,
    userAgent,
    grantId,
  });
};
