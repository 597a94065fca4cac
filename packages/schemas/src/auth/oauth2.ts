import { z } from 'zod';
import { redirectResponse } from '../redirect.ts';

/** The token response of RFC 6749 §5.1, whatever the grant. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds. */
  expires_in: z.number().int(),
  scope: z.string(),
  refresh_token: z.string().optional(),
  /** Seconds. */
  refresh_token_expires_in: z.number().int().optional(),
  /** Only when the `openid` scope was granted (authorization code flow). */
  id_token: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** A permission an introspected token's subject holds, with the policy that guards it, if any. */
const IntrospectedPermissionSchema = z.object({
  name: z.string(),
  realm_id: z.string().nullable(),
  client_id: z.string().nullable(),
  // A policy tree: its settings depend on the policy type, so they pass as they are.
  policy: z.looseObject({ type: z.string() }).optional(),
});

/**
 * The answer of token introspection (RFC 7662 §2.2): `{ active: false }` for a token that is not
 * valid, else `active: true` with the token's claims and the subject's permissions. Loose: the
 * claims are those the token was signed with (an ID token carries profile claims too).
 */
export const TokenIntrospectionSchema = z.discriminatedUnion('active', [
  z.object({ active: z.literal(false) }),
  z.looseObject({
    active: z.literal(true),
    kind: z.enum(['access_token', 'refresh_token', 'id_token']),
    jti: z.string(),
    iss: z.string(),
    sub: z.string(),
    sub_kind: z.enum(['user', 'robot', 'client']),
    realm_id: z.string(),
    realm_name: z.string(),
    client_id: z.string().nullish(),
    scope: z.string(),
    iat: z.number(),
    exp: z.number(),
    permissions: z.array(IntrospectedPermissionSchema),
  }),
]);
export type TokenIntrospection = z.infer<typeof TokenIntrospectionSchema>;

/** Token revocation (RFC 7009 §2.2) answers 200 with an empty object, also for an unknown token. */
export const TokenRevocationSchema = z.object({});

/**
 * A public signing key (RFC 7517). A plain object: the members of an RSA public key only, so a
 * private member could never be sent even if a key object carried one.
 */
export const JsonWebKeySchema = z.object({
  kty: z.string(),
  n: z.string(),
  e: z.string(),
  kid: z.string(),
  alg: z.string(),
  use: z.string(),
});
export type PublicJsonWebKey = z.infer<typeof JsonWebKeySchema>;
export const JsonWebKeySetSchema = z.object({ keys: z.array(JsonWebKeySchema) });

/** The OpenID Connect discovery document; loose, as the standard lets providers add metadata. */
export const OpenIdConfigurationSchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  introspection_endpoint: z.string(),
  revocation_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  jwks_uri: z.string(),
  response_types_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  subject_types_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  introspection_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  claims_supported: z.array(z.string()),
});

/** `GET /auth/`: the identity service's status, as authup's clients read it. */
export const IdentityStatusSchema = z.object({
  version: z.string(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
  /** Seconds. */
  tokenMaxAgeAccessToken: z.number(),
  /** Seconds. */
  tokenMaxAgeRefreshToken: z.number(),
});

/** `GET /auth/authorize` read as JSON by the consent page: the request checked and described. */
export const AuthorizationRequestDescriptionSchema = z.object({
  client: z.object({
    id: z.string(),
    name: z.string(),
    display_name: z.string().nullable(),
    realm_id: z.string(),
    first_party: z.boolean(),
  }),
  scopes: z.array(z.string()),
  scope_details: z.array(
    z.object({
      name: z.string(),
      display_name: z.string().nullable(),
      description: z.string().nullable(),
      built_in: z.boolean(),
    }),
  ),
  redirect_uri: z.string(),
  state: z.string().nullable(),
});
export type AuthorizationRequestDescription = z.infer<typeof AuthorizationRequestDescriptionSchema>;

/**
 * `POST /auth/authorize`: the URL to open (the client's redirect URI with `code` and `state`, or
 * `error=access_denied`), or, for `consent: "remembered"` without a consent on record, that the
 * user has to be asked.
 */
export const AuthorizationDecisionSchema = z.union([
  z.object({ url: z.string() }),
  z.object({ consent_required: z.literal(true) }),
]);
export type AuthorizationDecision = z.infer<typeof AuthorizationDecisionSchema>;

/** A browser opening `GET /auth/authorize` is sent on to the web app's sign-in and consent page. */
export const ConsentPageRedirectSchema = redirectResponse(
  'A browser (Accept: text/html) is sent to the sign-in and consent page',
  'The web app page /authorize with the same query',
);

/** `GET /auth/identity-providers/{id}/authorize-url`: the browser goes on to the provider. */
export const ProviderSignInRedirectSchema = redirectResponse(
  "Sends the browser to the identity provider's authorization endpoint",
  "The provider's authorization URL with client_id, redirect_uri, state (and nonce for OIDC)",
);

/** `GET /auth/identity-providers/{id}/authorize-callback`: signed in, back to the web app. */
export const ProviderCallbackRedirectSchema = redirectResponse(
  'Signed in: sets the access_token and refresh_token cookies and opens the web app',
  'The web app page the sign-in started from, or its start page',
);
