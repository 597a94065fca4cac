import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { verifySecret } from '../crypto/secrets.ts';
import type { VerifiedSecretCache } from '../crypto/verified-secrets.ts';
import { clients, realms, robots, users } from '../db/identity.ts';
import type { LoginThrottle } from '../oauth2/login-throttle.ts';
import { UUID_PATTERN } from '../realms/resolve-realm.ts';
import type { SubjectKind } from '../tokens/claims.ts';
import { versionColumn } from '../tokens/token-state.ts';

/** An account whose secret matched. */
export interface VerifiedAccount {
  kind: SubjectKind;
  id: string;
  active: boolean;
  realm_id: string;
  realm_name: string;
  /** The token-state version read with the account (HTTP Basic needs it for the request identity). */
  version: string | number | null;
}

export interface CredentialCheck {
  /** Which kinds of account the name may denote, tried in this order. */
  kinds: readonly SubjectKind[];
  /** The name or id as the caller typed it. */
  name: string;
  secret: string;
  /** Restricts the search to one realm (given by the request), or every realm when undefined. */
  realmId?: string | undefined;
  remoteAddress: string;
  /**
   * Also remember verified user passwords (HTTP Basic, which pays argon2 on every request otherwise);
   * robot and client secrets are always remembered.
   */
  rememberUserPasswords?: boolean;
  /** Asked when no stored account accepts the secret (LDAP directories), before a failure counts. */
  fallback?: () => Promise<VerifiedAccount | undefined>;
}

export interface CredentialDependencies {
  db: Database;
  throttle: LoginThrottle;
  verifiedSecrets: VerifiedSecretCache;
}

/** How many accounts of the same name (in different realms) are tried when no realm is given. */
const MAX_CANDIDATES = 10;

/** The lock-out key of one account: its kind and id, whatever name, id or realm the request used. */
export const accountKeyOf = (kind: SubjectKind, id: string) => `${kind}:${id}`;

const TABLES = { user: users, robot: robots, client: clients } as const;

async function candidatesOf(
  { db, throttle }: CredentialDependencies,
  kind: SubjectKind,
  check: CredentialCheck,
) {
  const table = TABLES[kind];
  const secret = kind === 'user' ? users.password : kind === 'robot' ? robots.secret : clients.secret;
  const byKey: SQL = UUID_PATTERN.test(check.name) ? eq(table.id, check.name) : eq(table.name, check.name);
  return db
    .select({
      id: table.id,
      secret,
      active: table.active,
      realm_id: table.realm_id,
      realm_name: realms.name,
      confidential: kind === 'client' ? clients.is_confidential : sql<boolean>`true`,
      version: versionColumn,
      // The counters of the account and the address come with the lookup (one round trip).
      counters: throttle.countersColumn(sql`${`account:${kind}:`} || ${table.id}`, check.remoteAddress),
    })
    .from(table)
    .innerJoin(realms, eq(realms.id, table.realm_id))
    .where(check.realmId ? and(byKey, eq(table.realm_id, check.realmId)) : byKey)
    .limit(MAX_CANDIDATES);
}

/**
 * The one place users, robots and clients prove who they are (token endpoint and HTTP Basic). Failed
 * attempts count against every account the name could denote, keyed by the account's id, and
 * against the client address: typing the name, the id, with a realm or without, are one budget.
 * Refuses with 429 while an account or the address is locked out. Resolves to the verified account
 * (still to be checked for being active), or undefined after counting the failure.
 */
export async function verifyCredentials(
  deps: CredentialDependencies,
  check: CredentialCheck,
): Promise<VerifiedAccount | undefined> {
  const candidates = (
    await Promise.all(
      check.kinds.map(async (kind) =>
        (await candidatesOf(deps, kind, check)).map((row) => ({ ...row, kind })),
      ),
    )
  ).flat();
  const keys = candidates.map((candidate) => accountKeyOf(candidate.kind, candidate.id));
  const hadFailures =
    candidates.length > 0
      ? candidates
          .map((candidate) =>
            deps.throttle.assertCounters(
              candidate.counters,
              accountKeyOf(candidate.kind, candidate.id),
              check.remoteAddress,
            ),
          )
          .some(Boolean)
      : await deps.throttle.assertAllowed([], check.remoteAddress);

  const succeed = async (account: VerifiedAccount) => {
    if (hadFailures) await deps.throttle.recordSuccess(accountKeyOf(account.kind, account.id));
    return account;
  };
  for (const candidate of candidates) {
    if (!candidate.confidential) continue;
    const matches =
      candidate.kind === 'user' && !check.rememberUserPasswords
        ? await verifySecret(check.secret, candidate.secret)
        : await deps.verifiedSecrets.verify(
            `${candidate.kind}:${candidate.id}`,
            check.secret,
            candidate.secret,
          );
    if (matches) {
      const { counters: _counters, confidential: _confidential, secret: _secret, ...account } = candidate;
      return succeed(account);
    }
  }
  const external = await check.fallback?.();
  if (external) return succeed(external);

  await deps.throttle.recordFailure(keys, check.remoteAddress);
  return undefined;
}
