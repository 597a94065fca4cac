import { HttpError } from '#platform/http/errors.ts';

/** OAuth2 errors (RFC 6749 §5.2) with the messages of docs/product/identity-and-access.md §8. */
export const OAuthError = {
  invalidRequest: (message = 'The request is missing a required parameter or is otherwise malformed.') =>
    new HttpError(400, 'invalid_request', message, { oauthError: 'invalid_request' }),
  invalidClient: () =>
    new HttpError(401, 'invalid_client', 'Client authentication failed.', { oauthError: 'invalid_client' }),
  invalidGrant: (message = 'The provided authorization grant is invalid, expired or revoked.') =>
    new HttpError(400, 'invalid_grant', message, { oauthError: 'invalid_grant' }),
  unsupportedGrantType: () =>
    new HttpError(400, 'unsupported_token_grant_type', 'The authorization grant type is not supported.', {
      oauthError: 'unsupported_grant_type',
    }),
  invalidScope: () =>
    new HttpError(400, 'invalid_scope', 'The requested scope is invalid, unknown or malformed.', {
      oauthError: 'invalid_scope',
    }),
  insufficientScope: () =>
    new HttpError(
      403,
      'insufficient_scope',
      'The request requires higher privileges than supported by the client.',
      {
        oauthError: 'insufficient_scope',
      },
    ),
  redirectUriMismatch: () =>
    new HttpError(400, 'redirect_uri_mismatch', 'The redirect URI is missing or do not match', {
      oauthError: 'invalid_request',
    }),
  invalidCredentials: (kind: 'user' | 'robot' | 'client') =>
    new HttpError(400, 'invalid_credentials', `The ${kind} credentials are invalid.`, {
      oauthError: 'invalid_grant',
    }),
  entityInactive: (kind: 'user' | 'robot' | 'client') =>
    new HttpError(400, 'entity_inactive', `The ${kind} account is inactive.`, {
      oauthError: 'invalid_grant',
    }),
};
