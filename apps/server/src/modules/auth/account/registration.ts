import { ErrorCode } from '@federa/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest, conflict, HttpError } from '#platform/http/errors.ts';
import { requireMailer } from '#platform/mail/index.ts';
import { hashSecret } from '../crypto/secrets.ts';
import { users } from '../db/identity.ts';
import { findAccountRealm, publicUser, userEvent, type AccountContext } from './account-context.ts';
import { generateOneTimeToken, hashOneTimeToken } from '../crypto/secrets.ts';
import { activationMail } from './account-mails.ts';

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  realm_id?: string | null;
}

/**
 * Creates an account for someone who signs up themselves. With e-mail verification the account starts
 * inactive and an activation code is mailed (only its hash is stored); if the mail cannot be sent the
 * account is removed again, so the person can simply try again.
 */
export async function registerAccount(
  context: AccountContext,
  input: RegistrationInput,
  options: { emailVerification: boolean },
) {
  const { db } = context;
  const mailer = options.emailVerification ? requireMailer(context.mailer) : undefined;
  const realm = await findAccountRealm(db, input.realm_id);
  if (!realm) throw badRequest('The realm does not exist.');

  const [taken] = await db
    .select({ name: users.name })
    .from(users)
    .where(
      and(
        eq(users.realm_id, realm.id),
        sql`(${users.name} = ${input.name} or lower(${users.email}) = lower(${input.email}))`,
      ),
    )
    .limit(1);
  if (taken) {
    throw conflict(
      taken.name === input.name
        ? 'The name is already taken.'
        : 'An account with this e-mail address exists already.',
    );
  }

  const code = mailer ? generateOneTimeToken() : undefined;
  const password = await hashSecret(input.password);
  // The account and its announcement are committed together, so a crash right after the insert
  // still announces (and audits) the account.
  const user = await context.outbox.transaction(async (tx, emit) => {
    const [row] = await tx
      .insert(users)
      .values({
        name: input.name,
        display_name: input.name,
        email: input.email,
        password,
        active: !mailer,
        activate_hash: code ? hashOneTimeToken(code) : null,
        realm_id: realm.id,
      })
      .returning();
    emit(userEvent('created', row!));
    return row!;
  });

  if (mailer && code) {
    try {
      await mailer.send(activationMail(context.publicUrl, { ...user, email: input.email }, code));
    } catch (error) {
      context.log.warn({ err: error, userId: user.id }, 'activation mail could not be sent');
      // No transaction stays open while the mail is sent, so the account was announced already:
      // its removal is announced too, and the audit trail shows both.
      await context.outbox.transaction(async (tx, emit) => {
        const [removed] = await tx.delete(users).where(eq(users.id, user.id)).returning();
        if (removed) emit(userEvent('deleted', removed));
      });
      throw new HttpError(
        503,
        ErrorCode.SERVICE_UNAVAILABLE,
        'The activation mail could not be sent. Please try again later.',
      );
    }
  }
  return publicUser(user);
}

/** Activates the account the code was mailed for; each code works once. */
export async function activateAccount(context: AccountContext, token: string) {
  const user = await context.outbox.transaction(async (tx, emit) => {
    const [row] = await tx
      .update(users)
      .set({ active: true, activate_hash: null })
      .where(eq(users.activate_hash, hashOneTimeToken(token)))
      .returning();
    if (row) emit(userEvent('updated', row));
    return row;
  });
  if (!user)
    throw new HttpError(400, 'invalid_token', 'The activation code is invalid or has already been used.');
  return publicUser(user);
}
