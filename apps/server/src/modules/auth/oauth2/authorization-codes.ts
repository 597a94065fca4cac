import { generateOneTimeToken, hashOneTimeToken } from '../crypto/secrets.ts';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
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
 * Uses up a code: deletes its row and returns what was approved, in one statement, so two concurrent
 * exchanges of the same code cannot both succeed. Undefined for an unknown, used or expired code (an
 * expired one is left for the sweep in `createAuthorizationCode`).
 */
export async function consumeAuthorizationCode(
  db: Database,
  code: string,
): Promise<ApprovedAuthorization | undefined> {
  const [row] = await db
    .delete(authorizationCodes)
    .where(
      and(
        eq(authorizationCodes.code_hash, hashOneTimeToken(code)),
        gt(authorizationCodes.expires_at, new Date().toISOString()),
      ),
    )
    .returning({ request: authorizationCodes.request });
  return row ? (JSON.parse(row.request) as ApprovedAuthorization) : undefined;
}
