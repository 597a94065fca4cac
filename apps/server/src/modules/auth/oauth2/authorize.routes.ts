import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/database.ts';
import { forbidden } from '../../../platform/http/errors.ts';
import { requireIdentity } from '../identity/authenticate.ts';
import { createAuthorizationCode } from './authorization-codes.ts';
import { AuthorizationRequestSchema, validateAuthorizationRequest } from './authorization-request.ts';
import { OAuthError } from './errors.ts';

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

/**
 * The authorization endpoint of the code flow (RFC 6749 §4.1). `GET /authorize` checks a request and
 * describes it for the consent screen the web app renders; `POST /authorize` is the signed-in user's
 * approval and answers `{ url }` (the redirect URI with `code` and `state`) for the web app to open,
 * rather than a 302, so that a single-page app can follow it.
 */
export function registerAuthorizeRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/authorize',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check an authorization request (for the consent screen)',
        querystring: AuthorizationRequestSchema,
      },
      // Anyone may look at a request; a stale session cookie must not turn that into an error.
      config: { authenticate: false },
    },
    async (request, reply) => {
      const validated = await validateAuthorizationRequest(db, request.query);
      const { client } = validated;
      return reply.headers(noStore).send({
        client: {
          id: client.id,
          name: client.name,
          display_name: client.display_name,
          realm_id: client.realm_id,
        },
        scopes: validated.scopes,
        redirect_uri: validated.redirectUri,
        state: validated.state,
      });
    },
  );

  typed.post(
    '/authorize',
    {
      schema: {
        tags: ['auth'],
        summary: 'Approve an authorization request and get the redirect URL with the code',
        body: AuthorizationRequestSchema,
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const identity = requireIdentity(request);
      if (identity.type !== 'user') throw forbidden('Only a user can approve an authorization request.');
      // Approving hands the client a token for this user. Only a full session (scope `global`) may do that,
      // so a token that was itself issued to some client cannot approve further clients on the user's behalf.
      if (!identity.scopes.includes('global')) {
        throw forbidden(
          'Only a signed-in session can approve an authorization request.',
          'insufficient_scope',
        );
      }
      const validated = await validateAuthorizationRequest(db, request.body);
      if (validated.client.realm_id !== identity.realmId) {
        throw OAuthError.invalidRequest(
          "The client belongs to another realm than your account. Sign in with an account of the client's realm to approve this request.",
        );
      }
      const code = await createAuthorizationCode(db, {
        client_id: validated.client.id,
        redirect_uri: validated.redirectUri,
        scope: validated.scopes.join(' '),
        code_challenge: validated.codeChallenge,
        code_challenge_method: validated.codeChallengeMethod,
        nonce: validated.nonce,
        user_id: identity.id,
        realm_id: identity.realmId,
      });
      const url = new URL(validated.redirectUri);
      url.searchParams.set('code', code);
      if (validated.state) url.searchParams.set('state', validated.state);
      return reply.headers(noStore).send({ url: url.href });
    },
  );
}
