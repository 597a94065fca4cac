import { timingSafeEqual } from 'node:crypto';
import { generateOneTimeToken, hashOneTimeToken } from '../../crypto/secrets.ts';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import { identityProviderStates } from '../../db/identity-provider-states.ts';

/** How long a user may take at the provider's sign-in page. */
export const PENDING_SIGN_IN_SECONDS = 30 * 60;

/** 256 random bits, URL-safe: states, PKCE verifiers, nonces, browser keys. */
export const randomToken = generateOneTimeToken;

export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  nonce: string | undefined;
  /** The web app page to return to afterwards. */
  returnTo?: string | undefined;
}

/**
 * Records a redirect to a provider. Only hashes of the state and of the browser key are stored, so
 * a database reader cannot complete someone else's sign-in. Expired leftovers are swept on the way.
 */
export async function startPendingSignIn(
  db: Database,
  options: { providerId: string; browserKey: string; withNonce: boolean; returnTo?: string | undefined },
): Promise<PendingSignIn> {
  const now = Date.now();
  await db
    .delete(identityProviderStates)
    .where(lt(identityProviderStates.expires_at, new Date(now).toISOString()));
  const pending: PendingSignIn = {
    state: randomToken(),
    codeVerifier: randomToken(),
    nonce: options.withNonce ? randomToken() : undefined,
  };
  await db.insert(identityProviderStates).values({
    state_hash: hashOneTimeToken(pending.state),
    browser_hash: hashOneTimeToken(options.browserKey),
    provider_id: options.providerId,
    code_verifier: pending.codeVerifier,
    nonce: pending.nonce ?? null,
    return_to: options.returnTo ?? null,
    expires_at: new Date(now + PENDING_SIGN_IN_SECONDS * 1000).toISOString(),
  });
  return pending;
}

/**
 * Uses up the pending sign-in a callback's state names: deleted in the same statement that reads it,
 * so a state works once even when two callbacks race. Undefined when the state is unknown, expired,
 * of another provider, or the browser is not the one that started the sign-in.
 */
export async function finishPendingSignIn(
  db: Database,
  options: { providerId: string; state: string; browserKey: string | undefined },
): Promise<PendingSignIn | undefined> {
  const [row] = await db
    .delete(identityProviderStates)
    .where(
      and(
        eq(identityProviderStates.state_hash, hashOneTimeToken(options.state)),
        eq(identityProviderStates.provider_id, options.providerId),
      ),
    )
    .returning();
  if (!row || Date.parse(row.expires_at) <= Date.now() || !options.browserKey) return undefined;
  const expected = Buffer.from(row.browser_hash);
  const actual = Buffer.from(hashOneTimeToken(options.browserKey));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  return {
    state: options.state,
    codeVerifier: row.code_verifier,
    nonce: row.nonce ?? undefined,
    returnTo: row.return_to ?? undefined,
  };
}
