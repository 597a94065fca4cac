import { ErrorCode, type ValidationIssue } from '@federa/schemas';

/**
 * An error that reaches the client as-is: status, stable code and a message a person understands.
 * Anything that is not an HttpError becomes a 500 with a generic message (internals never leak).
 */
export class HttpError extends Error {
  readonly statusCode: number;
  /** One of the catalogued codes (`ErrorCode` in `@federa/schemas`), each of which has a phrase. */
  readonly code: ErrorCode;
  readonly issues: ValidationIssue[] | undefined;
  /** OAuth endpoints also answer with `error` / `error_description` (RFC 6749 §5.2). */
  readonly oauthError: string | undefined;
  /** Seconds after which the same request may well succeed (sent as Retry-After). */
  readonly retryAfter: number | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    options: { issues?: ValidationIssue[]; oauthError?: string; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.issues = options.issues;
    this.oauthError = options.oauthError;
    this.retryAfter = options.retryAfter;
  }
}

export function badRequest(message: string, code: ErrorCode = ErrorCode.BAD_REQUEST): HttpError {
  return new HttpError(400, code, message);
}

/** A malformed query-string parameter; the message names the parameter. */
export function invalidQuery(parameter: string, reason: string): HttpError {
  return new HttpError(
    400,
    ErrorCode.QUERY_INVALID,
    `The query parameter "${parameter}" is invalid: ${reason}`,
  );
}

export function validationFailed(issues: ValidationIssue[]): HttpError {
  const names = [...new Set(issues.map((issue) => issue.path).filter(Boolean))];
  let message: string;
  if (names.length === 0) message = 'An unexpected error occurred.';
  else if (names.length === 1) message = `The attribute ${names[0]} is invalid.`;
  else message = `The attributes ${names.join(', ')} are invalid.`;
  return new HttpError(400, ErrorCode.VALIDATION_FAILED, message, { issues });
}

export function notFound(message = 'The requested resource was not found.'): HttpError {
  return new HttpError(404, ErrorCode.ENTITY_NOT_FOUND, message);
}

export function conflict(message: string): HttpError {
  return new HttpError(409, ErrorCode.CONFLICT, message);
}

export function unauthorized(
  message = 'Authentication is required.',
  code: ErrorCode = ErrorCode.UNAUTHORIZED,
) {
  return new HttpError(401, code, message);
}

export function forbidden(
  message = 'You are not allowed to do this.',
  code: ErrorCode = ErrorCode.FORBIDDEN,
) {
  return new HttpError(403, code, message);
}
