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

const path = (id: string) => `identity-providers/${encodeURIComponent(id)}`;
const mappingPath = (id: string) => `identity-provider-role-mappings/${encodeURIComponent(id)}`;

export const identityProviderApi = {
  create: (api: HttpClient, body: Record<string, unknown>) =>
    api.post<IdentityProvider>('auth', 'identity-providers', body),
  update: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post<IdentityProvider>('auth', path(id), body),
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
 * Fetches an OpenID Connect discovery document (a GET to the URL the user entered) and reads its
 * authorization and token endpoints. Raises an Error whose message is shown to the user.
 */
export async function lookupDiscovery(
  url: string,
  fetchImpl: typeof fetch = globalThis.fetch,
  incompleteMessage = 'incomplete document',
): Promise<DiscoveredEndpoints> {
  const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  const document = (await response.json()) as Record<string, unknown>;
  const authorize = document.authorization_endpoint;
  const token = document.token_endpoint;
  if (typeof authorize !== 'string' || typeof token !== 'string') throw new Error(incompleteMessage);
  const userInfo = document.userinfo_endpoint;
  return {
    authorize_url: authorize,
    token_url: token,
    ...(typeof userInfo === 'string' ? { user_info_url: userInfo } : {}),
  };
}
