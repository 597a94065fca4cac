import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import type { VerifiedSecretCache } from '../crypto/verified-secrets.ts';
import { clients, realms, robots, users } from '../db/identity.ts';
import type { LoginThrottle } from '../oauth2/login-throttle.ts';
import { UUID_PATTERN } from '../realms/resolve-realm.ts';
import type { SubjectKind } from '../tokens/claims.ts';
import { toVersion, versionColumn } from '../tokens/token-state.ts';
import type { RequestIdentity } from './authenticate.ts';

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

/** The sign-in throttle's account key of each kind (the same as the token endpoint's, without realm). */
const accountKeyOf = (kind: SubjectKind, name: string) =>
  kind === 'user' ? `*:${name.toLowerCase()}` : `${kind}:*:${name.toLowerCase()}`;

interface Candidate {
  id: string;
  secret: string | null;
  active: boolean;
  confidential: boolean;
  realm_id: string;
  realm_name: string;
  version: string | number | null;
}

async function candidatesOf(db: Database, kind: SubjectKind, name: string): Promise<Candidate[]> {
  const table = kind === 'user' ? users : kind === 'robot' ? robots : clients;
  const secret = kind === 'user' ? users.password : kind === 'robot' ? robots.secret : clients.secret;
  const byKey: SQL = UUID_PATTERN.test(name) ? eq(table.id, name) : eq(table.name, name);
  const rows = await db
    .select({
      id: table.id,
      secret,
      active: table.active,
      realm_id: table.realm_id,
      realm_name: realms.name,
      ...(kind === 'client' ? { confidential: clients.is_confidential } : {}),
      version: versionColumn,
    })
    .from(table)
    .innerJoin(realms, eq(realms.id, table.realm_id))
    .where(byKey)
    .limit(10);
  return rows.map((row) => ({
    ...row,
    confidential: (row as { confidential?: boolean }).confidential ?? true,
  }));
}

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
  const accountKeys = kinds.map((kind) => accountKeyOf(kind, credentials.name));
  const hadFailures = await deps.throttle.assertAllowed(accountKeys, remoteAddress);

  for (const kind of kinds) {
    for (const candidate of await candidatesOf(deps.db, kind, credentials.name)) {
      if (!candidate.confidential) continue;
      if (
        !(await deps.verifiedSecrets.verify(`${kind}:${candidate.id}`, credentials.secret, candidate.secret))
      )
        continue;
      if (!candidate.active) throw new HttpError(401, 'entity_inactive', `The ${kind} account is inactive.`);
      if (hadFailures) await deps.throttle.recordSuccess(accountKeyOf(kind, credentials.name));
      return {
        type: kind,
        id: candidate.id,
        realmId: candidate.realm_id,
        realmName: candidate.realm_name,
        clientId: kind === 'client' ? candidate.id : null,
        scopes: ['global'],
        accessVersion: toVersion(candidate.version),
      };
    }
  }
  await deps.throttle.recordFailure(accountKeys, remoteAddress);
  throw invalidCredentials();
}
