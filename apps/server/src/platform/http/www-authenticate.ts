import type { ErrorBody } from '@federa/schemas';
import type { FastifyRequest } from 'fastify';

/** The protection space named in every challenge. */
export const AUTHENTICATION_REALM = 'Federa HUB';

/** Codes that mean "the access token (or what it stands for) is not acceptable" (RFC 6750 §3.1). */
const INVALID_TOKEN_CODES = new Set([
  'invalid_token',
  'expired_token',
  'inactive_token',
  'jwk_not_found',
  'jwk_invalid',
  'entity_not_found',
  'entity_inactive',
]);

/**
 * RFC 6750 §3 limits error_description to printable ASCII without `"` and `\`; anything else becomes
 * a space, so a message can never break out of the quoted string.
 */
function quoted(value: string): string {
  return `"${value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, ' ')}"`;
}

function challenge(scheme: 'Bearer' | 'Basic', params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${quoted(value)}`);
  return `${scheme} ${parts.join(', ')}`;
}

function usedScheme(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? header.trim().split(/\s+/, 1)[0]?.toLowerCase() : undefined;
}

/**
 * The `WWW-Authenticate` header for an error response, or undefined when it needs none.
 * - Every 401 carries a challenge (RFC 9110 §11.6.1): `Basic` when the request authenticated with
 *   Basic or a client failed to authenticate at the token endpoint (RFC 6749 §5.2; then with
 *   `error="invalid_client"`, which OAuth2 client libraries read from the challenge), otherwise
 *   `Bearer`, with `error="invalid_token"` when a token was refused; a request without credentials
 *   gets no error code (RFC 6750 §3.1).
 * - 403 `insufficient_scope` and 400 `unsupported_auth_header_type` (`invalid_request`) carry a
 *   Bearer challenge with their error, as RFC 6750 §3.1 describes.
 */
export function authenticateChallenge(body: ErrorBody, request: FastifyRequest): string | undefined {
  if (body.statusCode === 401) {
    if (body.code === 'invalid_client') {
      // OAuth2 clients (e.g. openid-client) read the error from the challenge when there is one.
      return challenge('Basic', {
        realm: AUTHENTICATION_REALM,
        charset: 'UTF-8',
        error: 'invalid_client',
        error_description: body.message,
      });
    }
    if (usedScheme(request) === 'basic') {
      return challenge('Basic', { realm: AUTHENTICATION_REALM, charset: 'UTF-8' });
    }
    if (INVALID_TOKEN_CODES.has(body.code)) {
      return challenge('Bearer', {
        realm: AUTHENTICATION_REALM,
        error: 'invalid_token',
        error_description: body.message,
      });
    }
    return challenge('Bearer', { realm: AUTHENTICATION_REALM });
  }
  if (body.statusCode === 403 && body.code === 'insufficient_scope') {
    return challenge('Bearer', {
      realm: AUTHENTICATION_REALM,
      error: 'insufficient_scope',
      error_description: body.message,
    });
  }
  if (body.statusCode === 400 && body.code === 'unsupported_auth_header_type') {
    return challenge('Bearer', {
      realm: AUTHENTICATION_REALM,
      error: 'invalid_request',
      error_description: body.message,
    });
  }
  return undefined;
}
