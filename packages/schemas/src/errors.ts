import { z } from 'zod';

/**
 * Stable machine codes of every error the HTTP APIs return. Each code is also a phrase key, so the
 * web app can show a translated message for it.
 */
export const ErrorCode = {
  BAD_REQUEST: 'bad_request',
  VALIDATION_FAILED: 'validation_failed',
  QUERY_INVALID: 'query_invalid',
  NOT_FOUND: 'not_found',
  ENTITY_NOT_FOUND: 'entity_not_found',
  ROUTE_NOT_FOUND: 'route_not_found',
  CONFLICT: 'conflict',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  RATE_LIMITED: 'rate_limited',
  SERVICE_UNAVAILABLE: 'service_unavailable',
  INTERNAL: 'internal_error',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

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
  code: z.string(),
  message: z.string(),
  issues: z.array(ValidationIssueSchema).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
