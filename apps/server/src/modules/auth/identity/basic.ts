import type { Database } from '#platform/db/database.ts';
import { HttpError } from '#platform/http/errors.ts';
import type { VerifiedSecretCache } from '../crypto/verified-secrets.ts';
import type { LoginThrottle } from '../oauth2/login-throttle.ts';
import { toVersion } from '../tokens/token-state.ts';
import type { RequestIdentity } from './authenticate.ts';
import { verifyCredentials } from './verify-credentials.ts';

/** Which identities may authenticate API requests with HTTP Basic (USER_/ROBOT_/CLIENT_AUTH_BASIC). */
export interface BasicAuthSettings {
  user: boolean;
  robot: boolean;
  client: boolean;
}

export interface BasicAuthDependencies {
  db: Database;
  throttle: LoginThrottle;
  verifiedSecrets: VerifiedSecretCache;
  settings: BasicAuthSettings;
}

/** `Authorization: Basic base64(name:secret)` (RFC 7617): the name is everything before the first colon. */
export function parseBasicCredentials(value: string | undefined): { name: string; secret: string } {
  const decoded = Buffer.from(value ?? '', 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0 || separator === decoded.length - 1) throw invalidCredentials();
  return { name: decoded.slice(0, separator), secret: decoded.slice(separator + 1) };
}

const invalidCredentials = () => new HttpError(401, 'invalid_credentials', 'The credentials are invalid.');

export const basicAuthEnabled = (settings: BasicAuthSettings): boolean =>
  settings.user || settings.robot || settings.client;

/**
 * Authenticates a request with HTTP Basic, where the operator enabled it for the kind of identity
 * (USER_AUTH_BASIC, ROBOT_AUTH_BASIC, CLIENT_AUTH_BASIC, as in Authup): a user by name or id and
 * password, a robot by name or id and secret, a confidential client by name or id and secret, tried
 * in that order. The identity acts with the
 * `global` scope, like a token from the password grant. Failures count against the same sign-in
 * throttle as the token endpoint, so Basic is no way around it; successful verifications are
 * remembered (VerifiedSecretCache), so an automation calling often does not pay argon2 every time.
 */
export async function identityFromBasic(
  deps: BasicAuthDependencies,
  credentials: { name: string; secret: string },
  remoteAddress: string,
): Promise<RequestIdentity> {
  const kinds = (['user', 'robot', 'client'] as const).filter((kind) => deps.settings[kind]);
  const account = await verifyCredentials(deps, {
    kinds,
    name: credentials.name,
    secret: credentials.secret,
    remoteAddress,
    rememberUserPasswords: true,
  });
  if (!account) throw invalidCredentials();
  if (!account.active)
    throw new HttpError(401, 'entity_inactive', `The ${account.kind} account is inactive.`);
  return {
    type: account.kind,
    id: account.id,
    realmId: account.realm_id,
    realmName: account.realm_name,
    clientId: account.kind === 'client' ? account.id : null,
    scopes: ['global'],
    accessVersion: toVersion(account.version),
  };
}
