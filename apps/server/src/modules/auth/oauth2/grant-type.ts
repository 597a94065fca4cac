import { OAuthError } from './errors.ts';
import type { GrantRequest } from './grants/types.ts';

export const GRANT_TYPES = [
  'password',
  'refresh_token',
  'robot_credentials',
  'client_credentials',
  'authorization_code',
] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * The grant a token request asks for: `grant_type` when given, otherwise guessed from the parameters
 * the way the original server does, so its clients work unchanged.
 */
export function resolveGrantType({ params, basic }: GrantRequest): GrantType {
  const explicit = params.grant_type;
  if (explicit) {
    if ((GRANT_TYPES as readonly string[]).includes(explicit)) return explicit as GrantType;
    throw OAuthError.unsupportedGrantType();
  }
  if (params.username && params.password) return 'password';
  if (params.id && params.secret) return 'robot_credentials';
  if (params.refresh_token) return 'refresh_token';
  if (params.code) return 'authorization_code';
  if ((params.client_id && params.client_secret) || basic) return 'client_credentials';
  throw OAuthError.invalidGrant();
}

/** Client credentials from `Authorization: Basic base64(id:secret)` (RFC 6749 §2.3.1), if present. */
export function readBasicCredentials(header: string | undefined): GrantRequest['basic'] {
  if (!header) return undefined;
  const [scheme, value] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'basic' || !value) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0) throw OAuthError.invalidClient();
  return {
    id: decodeURIComponent(decoded.slice(0, separator)),
    secret: decodeURIComponent(decoded.slice(separator + 1)),
  };
}

/** Flattens body and query into string parameters; the body wins, non-strings are ignored. */
export function collectParams(...sources: unknown[]): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === 'string' && params[key] === undefined) params[key] = value;
      else if (typeof value === 'number' && params[key] === undefined) params[key] = String(value);
    }
  }
  return params;
}
