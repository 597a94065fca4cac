import { ErrorCode } from '@federa/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest, conflict, HttpError } from '../../../platform/http/errors.ts';
import { requireMailer } from '../../../platform/mail/index.ts';
import { hashSecret } from '../crypto/secrets.ts';
import { users } from '../db/identity.ts';
import { findAccountRealm, publicUser, publishUser, type AccountContext } from './account-context.ts';
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
  const [user] = await db
    .insert(users)
    .values({
      name: input.name,
      display_name: input.name,
      email: input.email,
      password: await hashSecret(input.password),
      active: !mailer,
      activate_hash: code ? hashOneTimeToken(code) : null,
      realm_id: realm.id,
    })
    .returning();

  if (mailer && code) {
    try {
      await mailer.send(activationMail(context.publicUrl, { ...user!, email: input.email }, code));
    } catch (error) {
      context.log.warn({ err: error, userId: user!.id }, 'activation mail could not be sent');
      await db.delete(users).where(eq(users.id, user!.id));
      throw new HttpError(
        503,
        ErrorCode.SERVICE_UNAVAILABLE,
        'The activation mail could not be sent. Please try again later.',
      );
    }
  }
  publishUser(context, 'created', user!);
  return publicUser(user!);
}

/** Activates the account the code was mailed for; each code works once. */
export async function activateAccount(context: AccountContext, token: string) {
  const [user] = await context.db
    .update(users)
    .set({ active: true, activate_hash: null })
    .where(eq(users.activate_hash, hashOneTimeToken(token)))
    .returning();
  if (!user)
    throw new HttpError(400, 'invalid_token', 'The activation code is invalid or has already been used.');
  publishUser(context, 'updated', user);
  return publicUser(user);
}
