import { HttpError } from '#platform/http/errors.ts';

/**
 * Token and credential errors with the codes of docs/product/identity-and-access.md §8; 401 so clients know
 * to refresh or sign in.
 */
export const TokenError = {
  invalid: () =>
    new HttpError(401, 'invalid_token', 'The Token is invalid.', { oauthError: 'invalid_token' }),
  expired: () =>
    new HttpError(401, 'expired_token', 'The token has expired.', { oauthError: 'invalid_token' }),
  inactive: () =>
    new HttpError(401, 'inactive_token', 'The token is not active.', { oauthError: 'invalid_token' }),
  keyNotFound: (kid: string) =>
    new HttpError(401, 'jwk_not_found', `The JWK ${kid} could not be found.`, {
      oauthError: 'invalid_token',
    }),
};
