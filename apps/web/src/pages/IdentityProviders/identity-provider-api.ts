import type { HttpClient } from '@federa/client';
import {
  IdentityProviderRoleMappingSchema,
  LdapConnectionTestSchema,
  listResponseSchema,
  ProviderDiscoverySchema,
  RoleSchema,
  type LdapConnectionTest,
  type ListQuery,
} from '@federa/schemas';

/** An identity provider as the API shows it: columns plus protocol settings, flat; secrets never. */
export type {
  IdentityProvider,
  IdentityProviderRoleMapping as RoleMapping,
  Role as RoleSummary,
} from '@federa/schemas';

export const identityProviderQueryKeys = {
  all: ['auth', 'identity-providers'] as const,
  mappings: ['auth', 'identity-provider-role-mappings'] as const,
  mappingsOf: (providerId: string, roleIds: readonly string[]) =>
    ['auth', 'identity-provider-role-mappings', 'of', providerId, roleIds] as const,
  roles: (query: ListQuery) => ['auth', 'roles', 'mapping-candidates', query] as const,
};

const mappingPath = (id: string) => `identity-provider-role-mappings/${encodeURIComponent(id)}`;

export const identityProviderApi = {
  roles: (api: HttpClient, query: ListQuery, signal?: AbortSignal) =>
    api.get('auth', 'roles', { query, signal, schema: listResponseSchema(RoleSchema) }),
  mappings: (api: HttpClient, providerId: string, roleIds: readonly string[], signal?: AbortSignal) =>
    api.get('auth', 'identity-provider-role-mappings', {
      query: { filter: { provider_id: providerId, role_id: [...roleIds] }, page: { limit: 50 } },
      signal,
      schema: listResponseSchema(IdentityProviderRoleMappingSchema),
    }),
  createMapping: (api: HttpClient, body: Record<string, unknown>) =>
    api.post('auth', 'identity-provider-role-mappings', body, { schema: IdentityProviderRoleMappingSchema }),
  updateMapping: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post('auth', mappingPath(id), body, { schema: IdentityProviderRoleMappingSchema }),
  deleteMapping: (api: HttpClient, id: string) =>
    api.delete('auth', mappingPath(id), { schema: IdentityProviderRoleMappingSchema }),
};

/** The endpoints an OpenID configuration document names. */
export interface DiscoveredEndpoints {
  readonly authorize_url: string;
  readonly token_url: string;
  readonly user_info_url?: string;
}

/**
 * Reads an OpenID Connect discovery document through the server (`POST /auth/identity-providers/discovery`),
 * which is not bound by CORS as the browser is, and returns its authorization and token endpoints.
 * Raises an Error whose message (the reason, without the "Lookup failed with:" prefix) is shown to the user.
 */
export async function lookupDiscovery(api: HttpClient, url: string): Promise<DiscoveredEndpoints> {
  try {
    const found = await api.post(
      'auth',
      'identity-providers/discovery',
      { url },
      { schema: ProviderDiscoverySchema },
    );
    return {
      authorize_url: found.authorize_url,
      token_url: found.token_url,
      ...(found.user_info_url ? { user_info_url: found.user_info_url } : {}),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.replace(/^Lookup failed with: /, ''), { cause: error });
  }
}

/** The URL to register at an OAuth2/OIDC provider as redirect URI: where it sends users back. */
export function callbackUrlOf(providerId: string, origin = window.location.origin): string {
  return `${origin}/auth/identity-providers/${providerId}/authorize-callback`;
}

/** The report of `POST /auth/identity-providers/{id}/test` (LDAP). */
export type ConnectionTestResult = LdapConnectionTest;

export function testConnection(api: HttpClient, providerId: string): Promise<ConnectionTestResult> {
  return api.post('auth', `identity-providers/${providerId}/test`, {}, { schema: LdapConnectionTestSchema });
}
