import type { z } from 'zod';
import { validationFailed } from './errors.ts';

/**
 * Validates a request body against a schema in code (routes whose body depends on the record, such
 * as create-or-update), answering a failure like the route schemas do: 400 with per-field issues.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw validationFailed(
    result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      code: issue.code,
      message: issue.message,
    })),
  );
}
