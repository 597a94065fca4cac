import { generateOneTimeToken, hashOneTimeToken } from '../crypto/secrets.ts';
import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { authorizationCodes } from '../db/tokens.ts';
import type { CodeChallengeMethod } from './pkce.ts';

/** How long an authorization code may wait for its exchange (RFC 6749 §4.1.2 recommends at most 10 minutes). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 300;

/** What the user approved, kept with the code until the client exchanges it. */
export interface ApprovedAuthorization {
  client_id: string;
  redirect_uri: string;
  /** Space-separated, as in the token. */
  scope: string;
  code_challenge: string | null;
  code_challenge_method: CodeChallengeMethod | null;
  nonce: string | null;
  user_id: string;
  realm_id: string;
}

/** Codes are stored as SHA-256 hashes, so a copy of the table cannot be exchanged for tokens. */

/** Stores the approval and returns its code (256 random bits, base64url), which is shown only to the client. */
export async function createAuthorizationCode(
  db: Database,
  approved: ApprovedAuthorization,
  ttlSeconds = AUTHORIZATION_CODE_TTL_SECONDS,
): Promise<string> {
  const now = Date.now();
  // Codes that were never exchanged are removed here, so the table holds at most a few minutes of them.
  await db.delete(authorizationCodes).where(lt(authorizationCodes.expires_at, new Date(now).toISOString()));
  const code = generateOneTimeToken();
  await db.insert(authorizationCodes).values({
    code_hash: hashOneTimeToken(code),
    request: JSON.stringify(approved),
    expires_at: new Date(now + ttlSeconds * 1000).toISOString(),
  });
  return code;
}

/**
 * How long a used code is kept, so that a replay can still be recognised and the tokens issued from it
 * revoked (RFC 6749 §4.1.2); past that a replayed code is simply unknown.
 */
export const USED_CODE_KEPT_SECONDS = 86_400;

export type ConsumedCode =
  | { kind: 'valid'; id: string; approved: ApprovedAuthorization }
  | { kind: 'replayed'; id: string; accessTokenId: string | null }
  | { kind: 'unknown' };

/**
 * Uses up a code: marks it used and returns what was approved, in one statement, so two concurrent
 * exchanges of the same code cannot both succeed. A code that was used before is reported as
 * replayed (with the access token its exchange issued); an unknown or expired one as unknown.
 */
export async function consumeAuthorizationCode(db: Database, code: string): Promise<ConsumedCode> {
  const hash = hashOneTimeToken(code);
  const now = Date.now();
  const [row] = await db
    .update(authorizationCodes)
    .set({
      used_at: new Date(now).toISOString(),
      expires_at: new Date(now + USED_CODE_KEPT_SECONDS * 1000).toISOString(),
    })
    .where(
      and(
        eq(authorizationCodes.code_hash, hash),
        isNull(authorizationCodes.used_at),
        gt(authorizationCodes.expires_at, new Date(now).toISOString()),
      ),
    )
    .returning({ id: authorizationCodes.id, request: authorizationCodes.request });
  if (row) return { kind: 'valid', id: row.id, approved: JSON.parse(row.request) as ApprovedAuthorization };
  const [used] = await db
    .select({ id: authorizationCodes.id, accessTokenId: authorizationCodes.access_token_id })
    .from(authorizationCodes)
    .where(and(eq(authorizationCodes.code_hash, hash), isNotNull(authorizationCodes.used_at)));
  return used ? { kind: 'replayed', ...used } : { kind: 'unknown' };
}

/** Records the access token an exchange issued, for revocation on replay. */
export async function recordCodeTokens(db: Database, codeId: string, accessTokenId: string): Promise<void> {
  await db
    .update(authorizationCodes)
    .set({ access_token_id: accessTokenId })
    .where(eq(authorizationCodes.id, codeId));
}
