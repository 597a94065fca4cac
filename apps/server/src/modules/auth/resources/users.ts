import { ErrorCode, IdentityPermissionName as P, UserCreateSchema, UserUpdateSchema } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { hashSecret, verifySecret } from '../crypto/secrets.ts';
import { realms, users } from '../db/identity.ts';
import { assertMayChangeCredentialsOf } from '../permissions/escalation.ts';
import { accountKeyOf } from '../identity/verify-credentials.ts';
import type { LoginThrottle } from '../oauth2/login-throttle.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';
import { defined, idOrNameLookup, realmForCreate } from './helpers.ts';

/** What a user may change of their own account without the user_update permission. */
const SELF_UPDATABLE = [
  'name',
  'first_name',
  'last_name',
  'display_name',
  'email',
  'avatar',
  'cover',
  'password',
  'password_repeat',
  'password_current',
];

/**
 * Whether the caller is the user of the record, signed in with a full session (scope `global`). A token
 * the user gave to a client for narrower scopes (`openid`, `email`, ...) does not speak for the account:
 * such a client may read the userinfo endpoint, never change the password or e-mail address.
 */
export function isOwnFullSession(request: FastifyRequest, row: Row): boolean {
  const identity = request.identity;
  return identity?.type === 'user' && identity.id === row.id && identity.scopes.includes('global');
}

/**
 * A user changing their own password confirms the current one, so a session left open (or a stolen
 * token) cannot lock the owner out. An administrator setting another user's password is not asked:
 * they cannot know it. An account without a password yet (signed in through an identity provider)
 * has nothing to confirm. A wrong current password counts as a failed sign-in of the account, so
 * the sign-in throttle stops guessing through this form as it does at the token endpoint.
 */
async function assertOwnCurrentPassword(
  request: FastifyRequest,
  existing: Row,
  current: unknown,
  throttle: LoginThrottle,
) {
  const identity = request.identity;
  if (identity?.type !== 'user' || identity.id !== existing.id) return;
  const stored = existing.password as string | null;
  if (!stored) return;
  const account = accountKeyOf('user', identity.id);
  const hadFailures = await throttle.assertAllowed(account, request.ip);
  if (typeof current === 'string' && current !== '' && (await verifySecret(current, stored))) {
    if (hadFailures) await throttle.recordSuccess(account);
    return;
  }
  await throttle.recordFailure([account], request.ip);
  throw new HttpError(
    400,
    ErrorCode.CURRENT_PASSWORD_INVALID,
    'The current password is missing or wrong. It is needed to change your own password.',
    {
      issues: [
        {
          path: 'password_current',
          code: 'current_password_invalid',
          message: 'The current password is wrong.',
        },
      ],
    },
  );
}

async function withHashedPassword(input: Row): Promise<Row> {
  const { password_repeat: _repeat, password_current: _current, ...rest } = input;
  if (typeof rest.password === 'string') rest.password = await hashSecret(rest.password);
  else delete rest.password;
  return rest;
}

export function userResource(adminName: string, throttle: LoginThrottle): ResourceDefinition {
  return {
    path: 'users',
    entityType: 'user',
    label: 'user',
    table: users,
    query: defineResourceQuery({
      table: users,
      fields: {
        default: [
          'id',
          'name',
          'name_locked',
          'first_name',
          'last_name',
          'display_name',
          'avatar',
          'cover',
          'active',
          'status',
          'status_message',
          'realm_id',
          'client_id',
          'created_at',
          'updated_at',
        ],
        hidden: ['email'],
      },
      filters: ['id', 'name', 'display_name', 'email', 'active', 'realm_id', 'client_id'],
      search: ['name', 'display_name', 'email'],
      sorts: ['name', 'display_name', 'created_at', 'updated_at'],
      defaultSort: { created_at: 'DESC' },
      relations: {
        realm: {
          table: realms,
          localKey: 'realm_id',
          foreignKey: 'id',
          filters: ['name'],
        },
      },
    }),
    permissions: {
      read: [P.USER_READ, P.USER_UPDATE, P.USER_DELETE],
      create: [P.USER_CREATE],
      update: [P.USER_UPDATE],
      delete: [P.USER_DELETE],
    },
    createSchema: UserCreateSchema,
    updateSchema: UserUpdateSchema,
    realmColumn: users.realm_id,
    // Read with the token (migration 0010): admin screens and directory sync poll this list a lot.
    listVersion: (request) => request.identity?.usersVersion,
    lookup: idOrNameLookup(users),
    secretColumns: ['password', 'reset_hash', 'reset_at', 'reset_expires', 'activate_hash'],
    self: { isSelf: isOwnFullSession, updatable: SELF_UPDATABLE },
    allowPut: true,
    hooks: {
      prepareCreate: async (input, { request }) => {
        const data = await withHashedPassword(input);
        return {
          ...data,
          display_name: data.display_name ?? data.name,
          realm_id: realmForCreate(request, input),
        };
      },
      prepareUpdate: async (existing, input, { request, db }) => {
        const renaming = input.name !== undefined && input.name !== existing.name;
        if (renaming && existing.name === adminName) {
          // The seeded administrator keeps its name, so ADMIN_USERNAME always finds it.
          const [realm] = await db
            .select({ name: realms.name })
            .from(realms)
            .where(eq(realms.id, existing.realm_id as string));
          if (realm?.name === MASTER_REALM_NAME)
            throw badRequest('The administrator account can not be renamed.');
        }
        if (renaming && existing.name_locked && request.identity?.id === existing.id) {
          throw badRequest('The name of this account is locked.');
        }
        return defined(await withHashedPassword(input));
      },
      beforeUpdate: async (existing, input, { request, db }) => {
        // Whoever sets a password can sign in as that user: no taking over a more privileged account.
        if (typeof input.password === 'string') {
          await assertOwnCurrentPassword(request, existing, input.password_current, throttle);
          await assertMayChangeCredentialsOf(db, request, { kind: 'user', id: existing.id as string });
        }
      },
      beforeDelete: (existing, { request }) => {
        if (request.identity?.id === existing.id) throw badRequest('You can not delete your own account.');
      },
    },
  };
}
