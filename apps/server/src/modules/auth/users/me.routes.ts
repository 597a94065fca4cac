import { OwnUserSchema } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#platform/db/database.ts';
import { forbidden, notFound } from '#platform/http/errors.ts';
import { users } from '../db/identity.ts';
import { requireIdentity } from '../identity/authenticate.ts';

/**
 * `GET /users/@me`: the signed-in user's own record. It carries `sub` too, so it works as the OIDC
 * userinfo endpoint. The e-mail address is only included for the scopes that grant it.
 */
export function registerMeRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/users/@me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (OIDC userinfo)',
        security: [{ bearer: [] }],
        response: { 200: OwnUserSchema },
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      if (identity.type !== 'user') throw forbidden('Only a user has a profile.', 'insufficient_scope');
      const [user] = await db.select().from(users).where(eq(users.id, identity.id));
      if (!user) throw notFound('The user does not exist anymore.');
      const withEmail = identity.scopes.includes('global') || identity.scopes.includes('email');
      return {
        sub: user.id,
        id: user.id,
        name: user.name,
        name_locked: user.name_locked,
        first_name: user.first_name,
        last_name: user.last_name,
        display_name: user.display_name,
        preferred_username: user.display_name ?? user.name,
        avatar: user.avatar,
        cover: user.cover,
        active: user.active,
        status: user.status,
        status_message: user.status_message,
        ...(withEmail ? { email: user.email, email_verified: user.active } : {}),
        realm_id: user.realm_id,
        realm_name: identity.realmName,
        created_at: user.created_at,
        updated_at: user.updated_at,
      };
    },
  );
}
