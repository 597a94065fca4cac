import { ProviderCallbackRedirectSchema, ProviderSignInRedirectSchema } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/index.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { identityProviders } from '../../db/identity.ts';
import { OAuthError } from '../../oauth2/errors.ts';
import { findRealm, UUID_PATTERN } from '../../realms/resolve-realm.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { TokenService } from '../../tokens/token-service.ts';
import { openProviderConfig } from '../provider-secrets.ts';
import { linkAccount } from '../accounts.ts';
import { applyRoleMappings } from '../role-mappings.ts';
import { readOAuth2Settings } from '../settings.ts';
import {
  finishPendingSignIn,
  PENDING_SIGN_IN_SECONDS,
  randomToken,
  startPendingSignIn,
} from './pending-sign-ins.ts';
import { userAgentOf } from '#platform/http/user-agent.ts';
import { identityFromClaims } from './profile.ts';
import { buildAuthorizeUrl, exchangeCode, readClaims } from './upstream-client.ts';

export interface UpstreamSignInOptions {
  db: Database;
  tokens: TokenService;
  /** PUBLIC_URL: where the provider sends the browser back, and the web app it ends on. */
  publicUrl: string;
  /** Opens the providers' stored client secrets. */
  secrets: SecretBox;
}

/** Ties a pending sign-in to the browser that started it (login CSRF protection). */
const BROWSER_COOKIE = 'idp_browser';
const BROWSER_KEY = /^[A-Za-z0-9_-]{43}$/;

const Params = z.object({ id: z.string().min(1).max(256) });
const StartQuery = z.object({
  /** The web app page to return to once signed in (a local path such as `/authorize?…`). */
  redirect: z.string().max(2000).optional(),
});

/**
 * A path of this site to return to, or undefined: never an absolute or protocol-relative URL, nor
 * one with backslashes or control characters, which browsers may read as another site (open redirect).
 */
export function localReturnPath(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return undefined;
  }
  return value;
}
const CallbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
  })
  .loose();

/** Each redirect stores a pending sign-in: bound the rate at which anyone can make them. */
const rateLimit = { max: 60, timeWindow: '1 minute' };

const invalidState = () => OAuthError.invalidRequest('The request state is invalid, unknown or malformed.');

async function findOAuthProvider(db: Database, id: string) {
  const [provider] = UUID_PATTERN.test(id)
    ? await db.select().from(identityProviders).where(eq(identityProviders.id, id))
    : [];
  if (!provider) throw notFound('The identity provider was not found.');
  if (!provider.enabled) throw badRequest('The identity provider is disabled.');
  if (provider.protocol !== 'oauth2' && provider.protocol !== 'oidc') {
    throw badRequest('Only an identity-provider based on the oauth protocol supports authorize redirect.');
  }
  return provider;
}

/**
 * Sign-in through an upstream OAuth2/OIDC provider (as in Authup):
 * `GET /identity-providers/{id}/authorize-url` sends the browser to the provider; the provider sends
 * it back to `GET /identity-providers/{id}/authorize-callback`, which links or creates the local user,
 * applies the role mappings, sets the `access_token` and `refresh_token` cookies and opens the web app.
 * Both are reached by plain browser navigation, so they ignore any stale token cookie.
 */
export function registerUpstreamSignInRoutes(app: FastifyInstance, options: UpstreamSignInOptions): void {
  const { db, tokens, publicUrl, secrets } = options;
  /** The provider's settings with its client secret decrypted. */
  const settingsOf = async (provider: Awaited<ReturnType<typeof findOAuthProvider>>) =>
    readOAuth2Settings({ ...provider, config: await openProviderConfig(db, secrets, provider) });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const secure = publicUrl.startsWith('https:');
  const callbackUrl = (providerId: string) =>
    `${publicUrl}/auth/identity-providers/${providerId}/authorize-callback`;
  const tags = ['identity-providers'];

  typed.get(
    '/identity-providers/:id/authorize-url',
    {
      schema: {
        tags,
        summary: 'Start signing in at an OAuth2/OIDC identity provider (302)',
        params: Params,
        querystring: StartQuery,
        response: { 302: ProviderSignInRedirectSchema },
      },
      config: { authenticate: false, rateLimit },
    },
    async (request, reply) => {
      const provider = await findOAuthProvider(db, request.params.id);
      const settings = await settingsOf(provider);
      // One key per browser, reused, so sign-ins started in two tabs both complete.
      const existingKey = request.cookies[BROWSER_COOKIE];
      const browserKey = existingKey && BROWSER_KEY.test(existingKey) ? existingKey : randomToken();
      const pending = await startPendingSignIn(db, {
        providerId: provider.id,
        browserKey,
        withNonce: settings.protocol === 'oidc',
        returnTo: localReturnPath(request.query.redirect),
      });
      reply.setCookie(BROWSER_COOKIE, browserKey, {
        path: '/auth/identity-providers',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: PENDING_SIGN_IN_SECONDS,
      });
      return reply
        .header('cache-control', 'no-store')
        .redirect(buildAuthorizeUrl(settings, pending, callbackUrl(provider.id)), 302);
    },
  );

  typed.get(
    '/identity-providers/:id/authorize-callback',
    {
      schema: {
        tags,
        summary: 'Finish signing in at an OAuth2/OIDC identity provider',
        params: Params,
        querystring: CallbackQuery,
        response: { 302: ProviderCallbackRedirectSchema },
      },
      config: { authenticate: false, rateLimit },
    },
    async (request, reply) => {
      const provider = await findOAuthProvider(db, request.params.id);
      const { code, state, error } = request.query;
      if (error) throw OAuthError.invalidRequest(`The identity provider did not sign you in (${error}).`);
      if (!code || !state) throw invalidState();
      const pending = await finishPendingSignIn(db, {
        providerId: provider.id,
        state,
        browserKey: request.cookies[BROWSER_COOKIE],
      });
      if (!pending) throw invalidState();

      const settings = await settingsOf(provider);
      const upstream = await exchangeCode(settings, code, pending, callbackUrl(provider.id));
      const claims = await readClaims(settings, upstream, pending.nonce);
      const identity = identityFromClaims(claims, settings.profile);
      if (!identity) throw OAuthError.invalidGrant('The identity provider did not say who signed in.');

      const user = await linkAccount(db, provider, identity);
      await applyRoleMappings(db, provider.id, user, claims);
      if (!user.active) throw OAuthError.entityInactive('user');
      const realm = (await findRealm(db, user.realm_id))!;
      const issued = await tokens.issue(
        { kind: 'user', id: user.id, realmId: realm.id, realmName: realm.name },
        { scope: 'global', withRefreshToken: true, remoteAddress: request.ip, ...userAgentOf(request) },
      );

      // The web app reads both cookies (docs/product/identity-and-access.md §4 session values), so they
      // cannot be HttpOnly; SameSite=Lax keeps them off cross-site subrequests.
      const cookie = { path: '/', sameSite: 'lax', secure } as const;
      reply.setCookie('access_token', issued.access_token, { ...cookie, maxAge: issued.expires_in });
      if (issued.refresh_token) {
        reply.setCookie('refresh_token', issued.refresh_token, {
          ...cookie,
          maxAge: issued.refresh_token_expires_in,
        });
      }
      // Back to the page the user came from (e.g. the consent page of an authorization request).
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${publicUrl}${pending.returnTo ?? '/'}`, 302);
    },
  );
}
