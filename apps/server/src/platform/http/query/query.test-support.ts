/** Assertions shared by the query tests. */
import { ErrorCode } from '@federa/schemas';
import { expect } from 'vitest';
import { HttpError } from '../errors.ts';

/** Runs `action` and asserts a 400 query_invalid naming `parameter`; returns the message. */
export function expectInvalidQuery(
  action: () => unknown,
  parameter: string,
  reason?: string | RegExp,
): string {
  let caught: unknown;
  try {
    action();
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a 400 for ${parameter}`).toBeInstanceOf(HttpError);
  const error = caught as HttpError;
  expect(error.statusCode).toBe(400);
  expect(error.code).toBe(ErrorCode.QUERY_INVALID);
  expect(error.message.startsWith(`The query parameter "${parameter}" is invalid: `), error.message).toBe(
    true,
  );
  if (typeof reason === 'string') expect(error.message).toContain(reason);
  else if (reason) expect(error.message).toMatch(reason);
  return error.message;
}
