import type { HttpClient } from '@federa/client';

/** A requested scope as the consent page shows it. */
export interface ScopeDetail {
  readonly name: string;
  readonly display_name: string | null;
  readonly description: string | null;
  readonly built_in: boolean;
}

/** `GET /auth/authorize` as JSON: the request checked and described. */
export interface AuthorizationDescription {
  readonly client: {
    readonly id: string;
    readonly name: string;
    readonly display_name: string | null;
    readonly realm_id: string;
    readonly first_party: boolean;
  };
  readonly scopes: string[];
  readonly scope_details: ScopeDetail[];
  readonly redirect_uri: string;
  readonly state: string | null;
}

/** `POST /auth/authorize`: where to send the browser, or that the user has to be asked. */
export type AuthorizationAnswer = { readonly url: string } | { readonly consent_required: true };

export type ConsentDecision = 'approve' | 'deny' | 'remembered';

/** The authorization request's parameters, exactly as the client sent them. */
export function requestParameters(search: URLSearchParams): Record<string, string> {
  return Object.fromEntries(search.entries());
}

export function describeAuthorization(api: HttpClient, search: URLSearchParams, signal?: AbortSignal) {
  return api.request<AuthorizationDescription>('GET', 'auth', `authorize?${search.toString()}`, { signal });
}

export function answerAuthorization(api: HttpClient, search: URLSearchParams, consent: ConsentDecision) {
  return api.request<AuthorizationAnswer>('POST', 'auth', 'authorize', {
    body: { ...requestParameters(search), consent },
  });
}
