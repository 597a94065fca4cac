/**
 * Codes `@federa/client` gives failures that never produced an HTTP response, or whose answer was
 * not what the caller's schema reads (`unexpected_response`). A module without zod
 * of its own, so a program that needs only these (the node agent's bundle) does not load zod.
 */
export const ClientErrorCode = {
  CONNECTION_ABORTED: 'ECONNABORTED',
  CONNECTION_RESET: 'ECONNRESET',
  UNEXPECTED_RESPONSE: 'unexpected_response',
  AUTH_HEADER_INVALID: 'auth_header_invalid',
  AUTH_HEADER_PARSE: 'auth_header_parse',
  AUTH_HEADER_TYPE_PARSE: 'auth_header_type_parse',
} as const;

export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];
