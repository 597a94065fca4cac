import { ErrorCode } from '@federa/schemas';
import { HttpError } from './errors.ts';

interface PostgresError {
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
  table?: string;
}

/** The PostgreSQL error behind a driver or ORM error (node-postgres and PGlite both carry `code`). */
function findPostgresError(error: unknown): PostgresError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PostgresError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** Field names inside "Key (name, realm_id)=(...)" of a constraint violation's detail. */
function keyColumns(detail: string | undefined): string[] {
  const match = /Key \(([^)]+)\)/.exec(detail ?? '');
  return match ? match[1]!.split(',').map((name) => name.trim().replaceAll('"', '')) : [];
}

/**
 * Client errors of named constraints that mean more than "a duplicate" (e.g. a second entrypoint of
 * a bucket). Modules own their constraints, so they describe them here; the platform stays unaware.
 */
const constraintErrors = new Map<string, () => HttpError>();

/** Answers violations of `constraint` with the error `describe` builds instead of the generic one. */
export function describeConstraintViolation(constraint: string, describe: () => HttpError): void {
  constraintErrors.set(constraint, describe);
}

/**
 * Turns constraint violations into the client errors they are (a duplicate name is a 409, a dangling
 * reference a 400), so they never surface as 500s, and a transaction lost to a deadlock into a 503
 * worth retrying. Other database errors stay internal.
 */
export function translateDatabaseError(error: unknown): HttpError | undefined {
  const pg = findPostgresError(error);
  if (!pg) return undefined;
  const described = pg.constraint ? constraintErrors.get(pg.constraint) : undefined;
  if (described) {
    const known = described();
    return new HttpError(known.statusCode, known.code, known.message, { cause: error });
  }
  const columns = keyColumns(pg.detail).filter(
    (name) => !name.endsWith('realm_id') || keyColumns(pg.detail).length === 1,
  );
  switch (pg.code) {
    case '23505': {
      const what = columns.length ? columns.join(', ') : 'these values';
      return new HttpError(409, ErrorCode.CONFLICT, `An entry with the same ${what} exists already.`, {
        cause: error,
      });
    }
    case '23503': {
      const what = columns[0] ?? 'record';
      return new HttpError(
        400,
        'entity_reference_invalid',
        `The referenced ${what} does not exist or is still in use.`,
        {
          cause: error,
        },
      );
    }
    case '23502':
      return new HttpError(
        400,
        ErrorCode.VALIDATION_FAILED,
        `The attribute ${pg.column ?? 'value'} is required.`,
        {
          cause: error,
        },
      );
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new HttpError(400, ErrorCode.BAD_REQUEST, 'A value has the wrong format.', { cause: error });
    case '22001':
      return new HttpError(400, ErrorCode.VALIDATION_FAILED, 'A value is too long.', { cause: error });
    // A deadlock or serialization failure rolled the transaction back: nothing was written, and
    // the same request is likely to succeed a moment later.
    case '40P01':
    case '40001':
      return new HttpError(
        503,
        ErrorCode.SERVICE_UNAVAILABLE,
        'The change collided with another one and was not saved. Please try again.',
        { retryAfter: 1, cause: error },
      );
    default:
      return undefined;
  }
}
