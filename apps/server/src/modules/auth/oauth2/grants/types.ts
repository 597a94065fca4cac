import type { Database } from '#platform/db/database.ts';
import type { LoginThrottle } from '../login-throttle.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { VerifiedSecretCache } from '../../crypto/verified-secrets.ts';
import type { TokenService, TokenResponse } from '../../tokens/token-service.ts';

/** Everything a grant needs; built once per app. */
export interface GrantContext {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  /** Remembers verified robot and client secrets. */
  verifiedSecrets: VerifiedSecretCache;
  /** Opens the LDAP providers' stored bind passwords. */
  secrets: SecretBox;
}

/** One token request: form or JSON body merged over the query string, plus transport details. */
export interface GrantRequest {
  params: Record<string, string | undefined>;
  /** Client id and secret from an HTTP Basic header, when one was sent. */
  basic?: { id: string; secret: string };
  remoteAddress: string;
  /** The User-Agent header, when one was sent. */
  userAgent?: string;
}

export type Grant = (context: GrantContext, request: GrantRequest) => Promise<TokenResponse>;
