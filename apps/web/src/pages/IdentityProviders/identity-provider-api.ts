import type { HttpClient } from '@federa/client';
import type { ListQuery, ListResponse } from '@federa/schemas';

/** An identity provider as the API shows it: columns plus protocol settings, flat; secrets never. */
export interface IdentityProvider {
  readonly id: string;
  readonly name: string;
  readonly display_name?: string | null;
  readonly enabled?: boolean;
  readonly protocol?: string | null;
  readonly preset?: string | null;
  readonly realm_id?: string | null;
  readonly created_at?: string;
  readonly updated_at?: string;
  readonly [setting: string]: unknown;
}

export interface RoleMapping {
  readonly id: string;
  readonly provider_id: string;
  readonly role_id: string;
  readonly name?: string | null;
  readonly value?: string | null;
  readonly value_is_regex?: boolean;
}

export interface RoleSummary {
  readonly id: string;
  readonly name: string;
  readonly display_name?: string | null;
  readonly realm_id?: string | null;
}

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
    api.get<ListResponse<RoleSummary>>('auth', 'roles', { query, signal }),
  mappings: (api: HttpClient, providerId: string, roleIds: readonly string[], signal?: AbortSignal) =>
    api.get<ListResponse<RoleMapping>>('auth', 'identity-provider-role-mappings', {
      query: { filter: { provider_id: providerId, role_id: [...roleIds] }, page: { limit: 50 } },
      signal,
    }),
  createMapping: (api: HttpClient, body: Record<string, unknown>) =>
    api.post<RoleMapping>('auth', 'identity-provider-role-mappings', body),
  updateMapping: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post<RoleMapping>('auth', mappingPath(id), body),
  deleteMapping: (api: HttpClient, id: string) => api.delete<RoleMapping>('auth', mappingPath(id)),
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
    const found = await api.post<{ authorize_url: string; token_url: string; user_info_url: string | null }>(
      'auth',
      'identity-providers/discovery',
      { url },
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
export type ConnectionTestResult =
  | {
      readonly ok: true;
      readonly base_dn: string;
      readonly filter: string;
      readonly users_found: number;
      readonly more: boolean;
      readonly users: string[];
    }
  | { readonly ok: false; readonly step: 'bind' | 'search'; readonly message: string };

export function testConnection(api: HttpClient, providerId: string): Promise<ConnectionTestResult> {
  return api.post<ConnectionTestResult>('auth', `identity-providers/${providerId}/test`, {});
}
