import {
  AuthorizationDecisionSchema,
  AuthorizationRequestDescriptionSchema,
  ConsentPageRedirectSchema,
} from '@federa/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/database.ts';
import { forbidden } from '#platform/http/errors.ts';
import { requireIdentity } from '../identity/authenticate.ts';
import { createAuthorizationCode } from './authorization-codes.ts';
import {
  AuthorizationRequestSchema,
  validateAuthorizationRequest,
  type ValidatedAuthorization,
} from './authorization-request.ts';
import { describeScopes, hasConsent, rememberConsent } from './consents.ts';
import { OAuthError } from './errors.ts';

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** The web app page that signs the user in and asks for consent (`apps/web`, route `/authorize`). */
const CONSENT_PAGE_PATH = '/authorize';

/**
 * The user's answer: `approve` or `deny` from the consent page, or `remembered` to be let through
 * without a page when the client is first-party or the user approved these scopes before (else the
 * answer is `{ consent_required: true }`). Without it the request is approved, as the original does.
 */
const ApprovalSchema = AuthorizationRequestSchema.extend({
  consent: z.enum(['approve', 'deny', 'remembered']).nullish(),
});

/** A browser navigation (it prefers HTML), as opposed to the web app's own JSON request. */
const wantsPage = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/json');
};

/** The redirect URI with the parameters of the answer added (RFC 6749 §4.1.2, §4.1.2.1). */
function redirectTo(validated: ValidatedAuthorization, parameters: Record<string, string>): string {
  const url = new URL(validated.redirectUri);
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  if (validated.state) url.searchParams.set('state', validated.state);
  return url.href;
}

/**
 * The authorization endpoint of the code flow (RFC 6749 §4.1). A browser opening `GET /authorize`
 * is sent to the web app's page for it, which signs the user in and asks for consent; that page
 * reads the same URL as JSON (the request checked and described) and answers with `POST /authorize`,
 * which returns `{ url }` (the redirect URI with `code` and `state`, or `error=access_denied`) for the
 * page to open. Until the client and its redirect URI are checked nothing is ever redirected there:
 * errors are shown on the page.
 */
export function registerAuthorizeRoutes(app: FastifyInstance, db: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/authorize',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Open the sign-in and consent page (browser), or check and describe an authorization request',
        querystring: AuthorizationRequestSchema,
        response: { 200: AuthorizationRequestDescriptionSchema, 302: ConsentPageRedirectSchema },
      },
      // Anyone may look at a request; a stale session cookie must not turn that into an error.
      config: { authenticate: false },
      // Before validation: a browser gets the page even for a malformed request, which shows what is wrong.
      preValidation: async (request, reply) => {
        if (!wantsPage(request)) return;
        const query = request.raw.url?.split('?')[1] ?? '';
        await reply
          .headers(noStore)
          .redirect(query ? `${CONSENT_PAGE_PATH}?${query}` : CONSENT_PAGE_PATH, 302);
      },
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
          first_party: client.first_party,
        },
        scopes: validated.scopes,
        scope_details: await describeScopes(db, validated.scopes, client.realm_id),
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
        summary: 'Approve or deny an authorization request and get the redirect URL',
        body: ApprovalSchema,
        security: [{ bearer: [] }],
        response: { 200: AuthorizationDecisionSchema },
      },
    },
    async (request, reply) => {
      const { consent, ...authorization } = request.body;
      const validated = await validateAuthorizationRequest(db, authorization);
      // RFC 6749 §4.1.2.1: the redirect URI is checked, so the refusal goes to the client.
      if (consent === 'deny') {
        return reply.headers(noStore).send({ url: redirectTo(validated, { error: 'access_denied' }) });
      }

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
      if (validated.client.realm_id !== identity.realmId) {
        throw OAuthError.invalidRequest(
          "The client belongs to another realm than your account. Sign in with an account of the client's realm to approve this request.",
        );
      }
      if (consent === 'remembered') {
        const trusted =
          validated.client.first_party ||
          (await hasConsent(db, identity.id, validated.client.id, validated.scopes));
        if (!trusted) return reply.headers(noStore).send({ consent_required: true });
      } else {
        await rememberConsent(db, identity.id, validated.client.id, validated.scopes);
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
      return reply.headers(noStore).send({ url: redirectTo(validated, { code }) });
    },
  );
}
