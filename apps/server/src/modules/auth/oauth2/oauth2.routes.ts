import {
  JsonWebKeySchema,
  JsonWebKeySetSchema,
  OpenIdConfigurationSchema,
  TokenIntrospectionSchema,
  TokenResponseSchema,
  TokenRevocationSchema,
} from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#platform/http/errors.ts';
import type { SigningKeyStore } from '../crypto/signing-keys.ts';
import type { Authorizer } from '../permissions/authorizer.ts';
import type { TokenService } from '../tokens/token-service.ts';
import { OAuthError } from './errors.ts';
import { collectParams, readBasicCredentials, resolveGrantType, type GrantType } from './grant-type.ts';
import { authorizationCodeGrant } from './grants/authorization-code.ts';
import { clientCredentialsGrant } from './grants/client-credentials.ts';
import { passwordGrant } from './grants/password.ts';
import { refreshTokenGrant } from './grants/refresh-token.ts';
import { robotCredentialsGrant } from './grants/robot-credentials.ts';
import type { Grant, GrantContext } from './grants/types.ts';
import { userAgentOf } from '#platform/http/user-agent.ts';
import { BUILT_IN_SCOPES } from '../seed/seed.ts';

const GRANTS: Partial<Record<GrantType, Grant>> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  robot_credentials: robotCredentialsGrant,
  client_credentials: clientCredentialsGrant,
  authorization_code: authorizationCodeGrant,
};

const TokenRequestSchema = z
  .object({
    grant_type: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    realm_id: z.string().optional(),
    realm_name: z.string().optional(),
    id: z.string().optional(),
    secret: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
    refresh_token: z.string().optional(),
    code: z.string().optional(),
    redirect_uri: z.string().optional(),
    code_verifier: z.string().optional(),
    scope: z.string().optional(),
  })
  .loose()
  .nullish();

const TokenBodySchema = z
  .object({ token: z.string().max(8192).optional() })
  .loose()
  .nullish();

export interface OAuth2Dependencies {
  grants: GrantContext;
  tokens: TokenService;
  keys: SigningKeyStore;
  /** Serves the subject's permissions (cached per access version). */
  authorizer: Authorizer;
  issuer: string;
  /** Token requests allowed per client address and minute; 0 = no limit (TOKEN_RATE_LIMIT_PER_MINUTE). */
  tokenRateLimitPerMinute: number;
}

/** Token, introspection, revocation, JWKS and discovery endpoints (RFC 6749, 7009, 7662, OIDC Discovery). */
export function registerOAuth2Routes(app: FastifyInstance, deps: OAuth2Dependencies): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

  typed.post(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Issue tokens (all grants)',
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema },
      },
      config: {
        authenticate: false,
        ...(deps.tokenRateLimitPerMinute > 0
          ? { rateLimit: { max: deps.tokenRateLimitPerMinute, timeWindow: '1 minute' } }
          : {}),
      },
    },
    async (request, reply) => {
      const grantRequest = {
        params: collectParams(request.body, request.query),
        basic: readBasicCredentials(request.headers.authorization),
        remoteAddress: request.ip,
        ...userAgentOf(request),
      };
      const grant = GRANTS[resolveGrantType(grantRequest)];
      if (!grant) throw OAuthError.unsupportedGrantType();
      const response = await grant(deps.grants, grantRequest);
      return reply.headers(noStore).send(response);
    },
  );

  const introspect = async (token: string | undefined) => {
    if (!token) throw OAuthError.invalidRequest('The parameter token is required.');
    let claims;
    try {
      claims = await deps.tokens.verifySignature(token);
    } catch {
      // RFC 7662 §2.2: a token that is not active is reported, not refused.
      return { active: false as const };
    }
    // Revocation and the access version in one query; the permissions then usually come from memory.
    const state = await deps.tokens.state(claims);
    if (state.revoked) return { active: false as const };
    const permissions = await deps.authorizer.ownedPermissions(
      claims.sub_kind,
      claims.sub,
      state.accessVersion,
    );
    return {
      active: true as const,
      ...claims,
      // With each permission's policy, so that clients can pre-check (menus, buttons) as the server
      // does; a permission without one is granted to whoever holds it.
      permissions: await Promise.all(
        permissions.map(async ({ name, realm_id, client_id, policy_id }) => ({
          name,
          realm_id,
          client_id,
          ...(policy_id
            ? { policy: await deps.authorizer.policyConfig(policy_id, state.accessVersion) }
            : {}),
        })),
      ),
    };
  };

  const tokenFrom = (body: unknown, query: unknown, authorization: string | undefined) => {
    const params = collectParams(body, query);
    if (params.token) return params.token;
    const [scheme, value] = (authorization ?? '').split(/\s+/);
    return scheme?.toLowerCase() === 'bearer' ? value : undefined;
  };

  typed.post(
    '/token/introspect',
    {
      schema: {
        tags: ['auth'],
        summary: 'Introspect a token',
        body: TokenBodySchema,
        response: { 200: TokenIntrospectionSchema },
      },
      config: { authenticate: false },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await introspect(tokenFrom(request.body, request.query, request.headers.authorization))),
  );
  typed.get(
    '/token/introspect',
    {
      schema: { tags: ['auth'], summary: 'Introspect a token', response: { 200: TokenIntrospectionSchema } },
      config: { authenticate: false },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await introspect(tokenFrom(undefined, request.query, request.headers.authorization))),
  );

  typed.post(
    '/token/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a token',
        body: TokenBodySchema,
        response: { 200: TokenRevocationSchema },
      },
      config: { authenticate: false },
    },
    async (request) => {
      const token = collectParams(request.body, request.query).token;
      if (!token) throw OAuthError.invalidRequest('The parameter token is required.');
      try {
        await deps.tokens.revoke(await deps.tokens.verifySignature(token));
      } catch {
        // RFC 7009 §2.2: an invalid or unknown token needs no revocation and is no error.
      }
      return {};
    },
  );

  typed.get(
    '/jwks',
    { schema: { tags: ['auth'], summary: 'Public signing keys', response: { 200: JsonWebKeySetSchema } } },
    () => deps.keys.jwks(),
  );
  typed.get(
    '/jwks/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'One public signing key',
        params: z.object({ id: z.string() }),
        response: { 200: JsonWebKeySchema },
      },
    },
    async (request) => {
      const key = await deps.keys.jwk(request.params.id);
      if (!key) throw notFound(`The JWK ${request.params.id} could not be found.`);
      return key;
    },
  );

  typed.get(
    '/.well-known/openid-configuration',
    {
      schema: {
        tags: ['auth'],
        summary: 'OpenID Connect discovery document',
        response: { 200: OpenIdConfigurationSchema },
      },
    },
    () => ({
      issuer: deps.issuer,
      authorization_endpoint: `${deps.issuer}/authorize`,
      token_endpoint: `${deps.issuer}/token`,
      introspection_endpoint: `${deps.issuer}/token/introspect`,
      revocation_endpoint: `${deps.issuer}/token/revoke`,
      userinfo_endpoint: `${deps.issuer}/users/@me`,
      jwks_uri: `${deps.issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: [
        'authorization_code',
        'client_credentials',
        'password',
        'refresh_token',
        'robot_credentials',
      ],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      introspection_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256', 'plain'],
      scopes_supported: [...BUILT_IN_SCOPES],
      claims_supported: ['sub', 'sub_kind', 'realm_id', 'realm_name', 'client_id', 'scope', 'name', 'email'],
    }),
  );
}
