import { and, eq, sql } from 'drizzle-orm';
import { HttpError } from '#platform/http/errors.ts';
import { requireMailer } from '#platform/mail/index.ts';
import { hashSecret } from '../crypto/secrets.ts';
import { users } from '../db/identity.ts';
import { refreshTokens, revokedTokens } from '../db/tokens.ts';
import { DEFAULT_TOKEN_LIFETIMES } from '../tokens/token-service.ts';
import { findAccountRealm, userEvent, type AccountContext } from './account-context.ts';
import { generateOneTimeToken, hashOneTimeToken } from '../crypto/secrets.ts';
import { passwordResetMail } from './account-mails.ts';

/** How long a password reset code is valid. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** Accounts found by one identifier are capped; names are unique per realm, e-mail addresses need not be. */
const MAX_ACCOUNTS = 5;

/** An account by name or by e-mail address (case-insensitive) in a realm. */
export interface AccountIdentifier {
  name?: string | null;
  email?: string | null;
  realm_id?: string | null;
}

function identifies({ name, email }: AccountIdentifier) {
  return name ? eq(users.name, name) : sql`lower(${users.email}) = lower(${email ?? ''})`;
}

/**
 * Mails a reset code to each account the identifier names, if any. The caller learns nothing about
 * whether an account exists: the answer is the same either way, and the mail is sent after the answer,
 * so neither an SMTP failure nor the time SMTP takes gives it away.
 */
export async function requestPasswordReset(
  context: AccountContext,
  identifier: AccountIdentifier,
): Promise<void> {
  const mailer = requireMailer(context.mailer);
  const realm = await findAccountRealm(context.db, identifier.realm_id);
  if (!realm) return;
  const accounts = await context.db
    .select()
    .from(users)
    .where(and(eq(users.realm_id, realm.id), identifies(identifier)))
    .limit(MAX_ACCOUNTS);

  for (const account of accounts) {
    if (!account.email) continue;
    const code = generateOneTimeToken();
    // A new code replaces any earlier one: only the latest mail works.
    await context.db
      .update(users)
      .set({
        reset_hash: hashOneTimeToken(code),
        reset_expires: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000).toISOString(),
      })
      .where(eq(users.id, account.id));
    const mail = passwordResetMail(
      context.publicUrl,
      { ...account, email: account.email },
      code,
      PASSWORD_RESET_TTL_MINUTES,
    );
    mailer.send(mail).catch((error: unknown) => {
      context.log.warn({ err: error, userId: account.id }, 'password reset mail could not be sent');
    });
  }
}

const invalidCode = () =>
  new HttpError(400, 'invalid_token', 'The password reset code is invalid or has already been used.');

/**
 * Sets a new password with a mailed code. The code works once and for a limited time; afterwards every
 * session of the account ends (refresh tokens deleted, their access tokens revoked), since whoever
 * knew the old password may hold one.
 */
export async function resetPassword(
  context: AccountContext,
  input: AccountIdentifier & { token: string; password: string },
): Promise<void> {
  const { db } = context;
  const realm = await findAccountRealm(db, input.realm_id);
  if (!realm) throw invalidCode();
  const codeHash = hashOneTimeToken(input.token);
  const [account] = await db
    .select({ id: users.id, reset_expires: users.reset_expires })
    .from(users)
    .where(and(eq(users.realm_id, realm.id), identifies(input), eq(users.reset_hash, codeHash)))
    .limit(1);
  if (!account) throw invalidCode();
  if (!account.reset_expires || Date.parse(account.reset_expires) <= Date.now()) {
    await db
      .update(users)
      .set({ reset_hash: null, reset_expires: null })
      .where(and(eq(users.id, account.id), eq(users.reset_hash, codeHash)));
    throw new HttpError(
      400,
      'expired_token',
      'The password reset code has expired. Please request a new one.',
    );
  }

  const password = await hashSecret(input.password);
  const now = new Date();
  const updated = await context.outbox.transaction(async (tx, emit) => {
    // The hash in the condition makes the code single use even when two resets race.
    const [row] = await tx
      .update(users)
      .set({ password, reset_hash: null, reset_expires: null, reset_at: now.toISOString() })
      .where(and(eq(users.id, account.id), eq(users.reset_hash, codeHash)))
      .returning();
    if (!row) return undefined;
    const sessions = await tx
      .delete(refreshTokens)
      .where(eq(refreshTokens.user_id, account.id))
      .returning({ access_token_id: refreshTokens.access_token_id });
    const accessTokenIds = sessions
      .map((session) => session.access_token_id)
      .filter((id): id is string => Boolean(id));
    if (accessTokenIds.length > 0) {
      const expiresAt = new Date(now.getTime() + DEFAULT_TOKEN_LIFETIMES.access * 1000).toISOString();
      await tx
        .insert(revokedTokens)
        .values(accessTokenIds.map((jti) => ({ jti, expires_at: expiresAt })))
        .onConflictDoNothing();
    }
    emit(userEvent('updated', row));
    return row;
  });
  if (!updated) throw invalidCode();
}
