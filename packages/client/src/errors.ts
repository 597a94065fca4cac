import { ClientErrorCode } from '@federa/schemas';

export { ClientErrorCode };

export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

/**
 * A failed call. For an HTTP error, `statusCode` and `code` come from the response, and the response's
 * `message` (when it is a string) is the error message.
 */
export class ClientError extends Error {
  readonly statusCode: number | undefined;
  readonly code: string | undefined;
  /** The parsed response body, e.g. to read per-field validation `issues`. */
  readonly body: unknown;

  constructor(
    message: string,
    options: { statusCode?: number; code?: string; body?: unknown; cause?: unknown } = {},
  ) {
    super(message || UNKNOWN_ERROR_MESSAGE, { cause: options.cause });
    this.name = 'ClientError';
    this.statusCode = options.statusCode;
    this.code = options.code;
    this.body = options.body;
  }
}

export function isClientError(error: unknown): error is ClientError {
  return error instanceof ClientError;
}

/** Builds the error for an HTTP response with status 400-599. */
export function errorFromResponse(status: number, statusText: string, body: unknown): ClientError {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const message = typeof record.message === 'string' && record.message ? record.message : statusText;
  const code = typeof record.code === 'string' ? record.code : undefined;
  return new ClientError(message || UNKNOWN_ERROR_MESSAGE, { statusCode: status, code, body });
}

/** Builds the error for a request that never got a response (aborted, refused, reset). */
export function errorFromTransport(error: unknown): ClientError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') {
    return new ClientError('The request was aborted.', {
      code: ClientErrorCode.CONNECTION_ABORTED,
      cause: error,
    });
  }
  if (error instanceof TypeError) {
    return new ClientError('The server could not be reached.', {
      code: ClientErrorCode.CONNECTION_RESET,
      cause: error,
    });
  }
  return new ClientError(error instanceof Error ? error.message : UNKNOWN_ERROR_MESSAGE, { cause: error });
}

/**
 * Builds the error for an answer that came (status 2xx) but is not what the caller's schema reads:
 * a server of another version, or a proxy's page instead of the API's answer.
 */
export function errorFromParse(request: string, body: unknown, error: unknown): ClientError {
  return new ClientError(`The answer to ${request} is not what this program expects.`, {
    code: ClientErrorCode.UNEXPECTED_RESPONSE,
    body,
    cause: error,
  });
}
