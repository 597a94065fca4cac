import {
  AccountFeaturesSchema,
  AccountMessageSchema,
  PublicUserSchema,
  identityEmail,
  identityName,
  identityPassword,
  RESERVED_USER_NAME_PREFIXES,
} from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '#config/config.ts';
import { featureDisabled, type AccountContext } from './account-context.ts';
import { requestPasswordReset, resetPassword } from './password-recovery.ts';
import { activateAccount, registerAccount } from './registration.ts';

const userName = identityName(3, 128).refine(
  (value) => !RESERVED_USER_NAME_PREFIXES.some((prefix) => value.toLowerCase().startsWith(prefix)),
  { message: 'This name is reserved.' },
);
const realmKey = z.string().trim().max(128).nullish();
const code = z.string().trim().min(1).max(256);

const samePasswords = (value: { password: string; password_repeat?: string | null }) =>
  value.password_repeat == null || value.password === value.password_repeat;
const samePasswordsIssue = {
  message: 'The value must be equal to the password value',
  path: ['password_repeat'],
};
const nameOrEmail = (value: { name?: string | null; email?: string | null }) =>
  Boolean(value.name || value.email);
const nameOrEmailIssue = { message: 'Either name or email is required.', path: ['name'] };

const RegisterSchema = z
  .object({
    name: userName,
    email: identityEmail(),
    password: identityPassword(),
    password_repeat: z.string().nullish(),
    realm_id: realmKey,
  })
  .strict()
  .refine(samePasswords, samePasswordsIssue);
const ActivateSchema = z.object({ token: code }).strict();
const ForgotSchema = z
  .object({
    name: z.string().trim().max(128).nullish(),
    email: z.string().trim().max(255).nullish(),
    realm_id: realmKey,
  })
  .strict()
  .refine(nameOrEmail, nameOrEmailIssue);
const ResetSchema = z
  .object({
    name: z.string().trim().max(128).nullish(),
    email: z.string().trim().max(255).nullish(),
    realm_id: realmKey,
    token: code,
    password: identityPassword(),
    password_repeat: z.string().nullish(),
  })
  .strict()
  .refine(nameOrEmail, nameOrEmailIssue)
  .refine(samePasswords, samePasswordsIssue);

/** The same answer whether or not an account was found, so the endpoint cannot be used to probe for accounts. */
const RESET_REQUESTED = {
  message:
    'If an account with these details exists, a message with a reset code has been sent to its e-mail address.',
};

/**
 * Self-service account flows (docs/product/identity-and-access.md §7): register, activate, password-forgot,
 * password-reset. Each is off unless the operator enabled it; a disabled flow answers 403 `feature_disabled`.
 * None needs a session, and a stale session must not get in the way, so none reads one.
 */
export function registerAccountRoutes(
  app: FastifyInstance,
  context: AccountContext,
  features: AppConfig['accounts'],
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = (max: number) => ({ authenticate: false, rateLimit: { max, timeWindow: '1 minute' } });
  // Checked before the body is validated, so a disabled flow says so whatever was sent.
  const onlyIf = (enabled: boolean, message: string) => async () => {
    if (!enabled) throw featureDisabled(message);
  };
  const registration = onlyIf(features.registration, 'Registration is not enabled on this server.');
  const activation = onlyIf(
    features.emailVerification,
    'Account activation by e-mail is not enabled on this server.',
  );
  const recovery = onlyIf(features.passwordRecovery, 'Password recovery is not enabled on this server.');

  // Public: the sign-in page offers only the flows that are switched on.
  typed.get(
    '/account-features',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which self-service account flows are enabled',
        response: { 200: AccountFeaturesSchema },
      },
      config: { authenticate: false },
    },
    async () => ({
      registration: features.registration,
      email_verification: features.emailVerification,
      password_recovery: features.passwordRecovery,
    }),
  );

  typed.post(
    '/users/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (self-registration)',
        body: RegisterSchema,
        response: { 201: PublicUserSchema },
      },
      config: config(10),
      onRequest: registration,
    },
    async (request, reply) => {
      const user = await registerAccount(context, request.body, {
        emailVerification: features.emailVerification,
      });
      return reply.status(201).send(user);
    },
  );

  typed.post(
    '/users/activate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Activate an account with the mailed code',
        body: ActivateSchema,
        response: { 202: PublicUserSchema },
      },
      config: config(20),
      onRequest: activation,
    },
    async (request, reply) => {
      return reply.status(202).send(await activateAccount(context, request.body.token));
    },
  );

  typed.post(
    '/users/password-forgot',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset code',
        body: ForgotSchema,
        response: { 202: AccountMessageSchema },
      },
      config: config(10),
      onRequest: recovery,
    },
    async (request, reply) => {
      await requestPasswordReset(context, request.body);
      return reply.status(202).send(RESET_REQUESTED);
    },
  );

  typed.post(
    '/users/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed code',
        body: ResetSchema,
        response: { 202: AccountMessageSchema },
      },
      config: config(20),
      onRequest: recovery,
    },
    async (request, reply) => {
      await resetPassword(context, request.body);
      return reply
        .status(202)
        .send({ message: 'The password has been changed. Please sign in with the new password.' });
    },
  );
}
