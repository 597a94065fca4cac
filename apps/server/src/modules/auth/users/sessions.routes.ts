import { EndedSessionsSchema, OwnSessionListSchema } from '@federa/schemas';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/database.ts';
import { forbidden, notFound } from '#platform/http/errors.ts';
import { clients } from '../db/identity.ts';
import { refreshTokens } from '../db/tokens.ts';
import { requireIdentity } from '../identity/authenticate.ts';
import type { TokenService } from '../tokens/token-service.ts';

/**
 * Only the user themselves, signed in with a full session (scope `global`): a token handed to an
 * application for narrower scopes must not see or end the user's other sign-ins.
 */
function ownUser(request: FastifyRequest) {
  const identity = requireIdentity(request);
  if (identity.type !== 'user' || !identity.scopes.includes('global')) {
    throw forbidden('Only a signed-in user can manage their own sessions.', 'insufficient_scope');
  }
  return identity;
}

const security = [{ bearer: [] }];

/**
 * The signed-in user's sessions: each refresh token still valid is one sign-in (a browser, an app).
 * Refresh tokens rotate, so `created_at` is when the session last signed in or refreshed its token.
 * `GET` lists them (the one of this request marked `current`), `DELETE` ends one or all of them.
 */
export function registerOwnSessionRoutes(
  app: FastifyInstance,
  options: { db: Database; tokens: TokenService },
): void {
  const { db, tokens } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/users/@me/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'The own active sessions',
        security,
        response: { 200: OwnSessionListSchema },
      },
    },
    async (request) => {
      const identity = ownUser(request);
      const rows = await db
        .select({
          id: refreshTokens.id,
          created_at: refreshTokens.created_at,
          expires_at: refreshTokens.expires_at,
          scope: refreshTokens.scope,
          access_token_id: refreshTokens.access_token_id,
          client_id: refreshTokens.client_id,
          client_name: clients.name,
          client_display_name: clients.display_name,
          ip_address: refreshTokens.ip_address,
          user_agent: refreshTokens.user_agent,
        })
        .from(refreshTokens)
        .leftJoin(clients, eq(clients.id, refreshTokens.client_id))
        .where(
          and(eq(refreshTokens.user_id, identity.id), gt(refreshTokens.expires_at, new Date().toISOString())),
        )
        .orderBy(asc(refreshTokens.created_at));
      const data = rows.map(({ access_token_id, client_name, client_display_name, ...row }) => ({
        ...row,
        client_name: client_display_name ?? client_name,
        current: identity.tokenId !== undefined && access_token_id === identity.tokenId,
      }));
      return { data, meta: { total: data.length } };
    },
  );

  typed.delete(
    '/users/@me/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of the own sessions',
        security,
        params: z.object({ id: z.string().uuid() }),
        response: { 202: EndedSessionsSchema },
      },
    },
    async (request, reply) => {
      const identity = ownUser(request);
      // Another user's session id finds nothing here, the same answer as an unknown id.
      const ended = await tokens.revokeUserSessions(identity.id, request.params.id);
      if (ended === 0) throw notFound('The session was not found.');
      return reply.status(202).send({ ended });
    },
  );

  typed.delete(
    '/users/@me/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'End all own sessions, this one included',
        security,
        response: { 202: EndedSessionsSchema },
      },
    },
    async (request, reply) => {
      const identity = ownUser(request);
      const ended = await tokens.revokeUserSessions(identity.id);
      // The access token of this request may come from a session whose refresh token is gone already.
      if (identity.tokenId) await tokens.revokeAccessToken(identity.tokenId);
      return reply.status(202).send({ ended });
    },
  );
}
