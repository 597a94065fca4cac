import { ErrorCode, isErrorCode, type ErrorBody, type ValidationIssue } from '@federa/schemas';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translateDatabaseError } from './database-errors.ts';
import { HttpError, validationFailed } from './errors.ts';
import { authenticateChallenge } from './www-authenticate.ts';

/** Codes for the 4xx errors Fastify and its plugins raise themselves. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  406: ErrorCode.BAD_REQUEST,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
};

/**
 * An error from another layer (policy engine, storage, ...) that already carries a status and one of
 * the catalogued codes.
 */
interface CodedError {
  statusCode: number;
  code: ErrorCode;
  message: string;
}

function isCodedClientError(error: unknown): error is CodedError {
  const candidate = error as Partial<CodedError> | null;
  return (
    typeof candidate?.statusCode === 'number' &&
    candidate.statusCode >= 400 &&
    candidate.statusCode < 500 &&
    isErrorCode(candidate.code)
  );
}

function zodIssues(error: FastifyError): ValidationIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((entry) => ({
    // "/children/0/type" -> "children.0.type"; an issue about the whole body has no path.
    path: entry.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    code: entry.keyword,
    message: entry.message ?? 'Invalid value.',
  }));
}

/** Turns any thrown value into the error body of docs/design.md §4; 5xx bodies never show internals. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpError) {
    const body: ErrorBody = { statusCode: error.statusCode, code: error.code, message: error.message };
    if (error.issues) body.issues = error.issues;
    if (error.oauthError) {
      body.error = error.oauthError;
      body.error_description = error.message;
    }
    return body;
  }
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) {
    const converted = validationFailed(zodIssues(fastifyError));
    return toErrorBody(converted);
  }
  const databaseError = translateDatabaseError(error);
  if (databaseError) return toErrorBody(databaseError);
  if (isCodedClientError(error)) {
    return { statusCode: error.statusCode, code: error.code, message: error.message };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      statusCode: status,
      code: FRAMEWORK_CODES[status] ?? ErrorCode.BAD_REQUEST,
      message: fastifyError.message,
    };
  }
  return { statusCode: 500, code: ErrorCode.INTERNAL, message: 'An internal error occurred.' };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500 || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, statusCode: body.statusCode }, body.message);
    }
    const challenge = authenticateChallenge(body, request);
    if (challenge) void reply.header('www-authenticate', challenge);
    const retryAfter =
      error instanceof HttpError ? error.retryAfter : translateDatabaseError(error)?.retryAfter;
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    void reply.status(body.statusCode).send(body);
  });
}
