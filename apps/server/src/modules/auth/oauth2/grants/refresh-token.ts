import { findSubject } from '../../identity/subjects.ts';
import { subjectOf } from '../../tokens/claims.ts';
import { OAuthError } from '../errors.ts';
import type { Grant } from './types.ts';

/**
 * Refresh (RFC 6749 §6) with rotation: the refresh token is used up and a new pair is issued with the
 * same scope. A used, revoked or expired refresh token is an invalid grant.
 */
export const refreshTokenGrant: Grant = async ({ db, tokens }, { params, remoteAddress }) => {
  const token = params.refresh_token;
  if (!token) throw OAuthError.invalidRequest('The parameter refresh_token is required.');
  let claims;
  try {
    claims = await tokens.consumeRefreshToken(token);
  } catch {
    throw OAuthError.invalidGrant('The refresh token is invalid, expired or has already been used.');
  }
  const subject = await findSubject(db, claims.sub_kind, claims.sub);
  if (!subject)
    throw OAuthError.invalidGrant('The refresh token is invalid, expired or has already been used.');
  if (!subject.active) throw OAuthError.entityInactive(claims.sub_kind);
  return tokens.issue(subjectOf(claims), { scope: claims.scope, withRefreshToken: true, remoteAddress });
};
