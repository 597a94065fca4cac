import type { HttpClient } from '@federa/client';
import {
  AuthorizationDecisionSchema,
  AuthorizationRequestDescriptionSchema,
  type AuthorizationRequestDescription,
} from '@federa/schemas';

/** `GET /auth/authorize` as JSON: the request checked and described. */
export type { AuthorizationRequestDescription as AuthorizationDescription } from '@federa/schemas';
/** A requested scope as the consent page shows it. */
export type ScopeDetail = AuthorizationRequestDescription['scope_details'][number];
/** `POST /auth/authorize`: where to send the browser, or that the user has to be asked. */
export type { AuthorizationDecision as AuthorizationAnswer } from '@federa/schemas';

export type ConsentDecision = 'approve' | 'deny' | 'remembered';

/** The authorization request's parameters, exactly as the client sent them. */
export function requestParameters(search: URLSearchParams): Record<string, string> {
  return Object.fromEntries(search.entries());
}

export function describeAuthorization(api: HttpClient, search: URLSearchParams, signal?: AbortSignal) {
  return api.request('GET', 'auth', `authorize?${search.toString()}`, {
    signal,
    schema: AuthorizationRequestDescriptionSchema,
  });
}

export function answerAuthorization(api: HttpClient, search: URLSearchParams, consent: ConsentDecision) {
  return api.request('POST', 'auth', 'authorize', {
    body: { ...requestParameters(search), consent },
    schema: AuthorizationDecisionSchema,
  });
}
