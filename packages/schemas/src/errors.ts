import { z } from 'zod';

/**
 * Stable machine codes of every error the HTTP APIs return: the one catalogue `HttpError.code` is
 * typed by on the server. Each code is also a phrase key (`errors.*` in `@federa/phrases`, which fails
 * to compile when a code lacks its phrase), so the web app shows a translated message for it.
 */
export const ErrorCode = {
  BAD_REQUEST: 'bad_request',
  VALIDATION_FAILED: 'validation_failed',
  QUERY_INVALID: 'query_invalid',
  NOT_FOUND: 'not_found',
  ENTITY_NOT_FOUND: 'entity_not_found',
  ROUTE_NOT_FOUND: 'route_not_found',
  CONFLICT: 'conflict',
  ENTITY_MODIFIED: 'entity_modified',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  REQUEST_HEADERS_TOO_LARGE: 'request_headers_too_large',
  REQUEST_TIMEOUT: 'request_timeout',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  RATE_LIMITED: 'rate_limited',
  SERVICE_UNAVAILABLE: 'service_unavailable',
  INTERNAL: 'internal_error',
  // Identity: sign-in, tokens and OAuth2 (docs/product/identity-and-access.md §8)
  INVALID_CREDENTIALS: 'invalid_credentials',
  TOO_MANY_ATTEMPTS: 'too_many_attempts',
  ENTITY_INACTIVE: 'entity_inactive',
  INVALID_REQUEST: 'invalid_request',
  INVALID_GRANT: 'invalid_grant',
  INVALID_CLIENT: 'invalid_client',
  UNSUPPORTED_TOKEN_GRANT_TYPE: 'unsupported_token_grant_type',
  UNSUPPORTED_RESPONSE_TYPE: 'unsupported_response_type',
  INVALID_SCOPE: 'invalid_scope',
  INSUFFICIENT_SCOPE: 'insufficient_scope',
  REDIRECT_URI_MISMATCH: 'redirect_uri_mismatch',
  INVALID_TOKEN: 'invalid_token',
  EXPIRED_TOKEN: 'expired_token',
  INACTIVE_TOKEN: 'inactive_token',
  JWK_NOT_FOUND: 'jwk_not_found',
  JWK_INVALID: 'jwk_invalid',
  UNSUPPORTED_AUTH_HEADER_TYPE: 'unsupported_auth_header_type',
  FEATURE_DISABLED: 'feature_disabled',
  CURRENT_PASSWORD_INVALID: 'current_password_invalid',
  ENTITY_REFERENCE_INVALID: 'entity_reference_invalid',
  // Identity providers and the secrets vault
  DISCOVERY_FAILED: 'discovery_failed',
  VAULT_UNAVAILABLE: 'vault_unavailable',
  // Hub core
  ANALYSIS_BUCKET_ENTRYPOINT_EXISTS: 'analysis_bucket_entrypoint_exists',
  // Access decisions (docs/product/identity-and-access.md §6, §8)
  INSUFFICIENT_PERMISSIONS: 'insufficient_permissions',
  PERMISSION_NOT_FOUND: 'permission_not_found',
  PERMISSION_DENIED: 'permission_denied',
  PERMISSION_EVALUATION_FAILED: 'permission_evaluation_failed',
  POLICY_DENIED: 'policy_denied',
  POLICY_EVALUATOR_NOT_FOUND: 'policy_evaluator_not_found',
  POLICY_EVALUATOR_NOT_PROCESSABLE: 'policy_evaluator_not_processable',
  POLICY_EVALUATOR_CONTEXT_INVALID: 'policy_evaluator_context_invalid',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const ERROR_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/** Whether a value is one of the catalogued codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODES.has(value);
}

import type { ClientErrorCode } from './client-error-codes.ts';

/** Every code a caller of the APIs can meet, each with a phrase: the keys of `errors.*`. */
export type AnyErrorCode = ErrorCode | ClientErrorCode;

/** One problem with one field of a request, as reported in a validation error's `issues`. */
export const ValidationIssueSchema = z.object({
  path: z.string().describe('Dot path of the offending field, e.g. "name" or "children.0.type".'),
  code: z.string().describe('Machine code of the rule that failed, e.g. "too_small".'),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

/** The body of every error response. */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ErrorCode),
  message: z.string(),
  issues: z.array(ValidationIssueSchema).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
