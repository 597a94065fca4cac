import { z } from 'zod';
import { invertSchema } from './common.ts';

/** The query operators the attributes policy understands (those of @ucast/mongo2js it evaluates). */
export const ATTRIBUTE_QUERY_OPERATORS: ReadonlySet<string> = new Set([
  '$eq',
  '$ne',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$nin',
  '$all',
  '$size',
  '$regex',
  '$options',
  '$exists',
  '$elemMatch',
  '$mod',
  '$and',
  '$or',
  '$nor',
  '$not',
]);

/**
 * The operators of a query that are not understood, with their paths. The matcher would compare an
 * unknown operator as a plain value (never equal), so `{ name: { $typo: 1 } }` inverted would grant
 * everyone. Walks with a stack of its own: the query is user input.
 */
export function unknownQueryOperators(query: unknown): { path: string; operator: string }[] {
  const found: { path: string; operator: string }[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: query, path: 'query' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('$') && !ATTRIBUTE_QUERY_OPERATORS.has(key)) found.push({ path, operator: key });
      pending.push({ value: item, path: `${path}.${key}` });
    }
  }
  return found;
}

/**
 * Passes when the input attributes match a Mongo-style query (@ucast/mongo2js: $eq, $ne, $lt,
 * $lte, $gt, $gte, $in, $nin, $all, $size, $regex, $exists, $elemMatch, $mod, $and, $or, $nor,
 * $not, dot paths). A `$regex` string written `/pattern/flags` becomes that regular expression.
 * Any other `$` operator is refused, when the policy is saved and when it is evaluated.
 */
export const AttributesPolicySchema = z.object({
  type: z.literal('attributes'),
  invert: invertSchema,
  query: z.record(z.string(), z.unknown(), 'The query must be an object.').superRefine((query, context) => {
    for (const { operator } of unknownQueryOperators(query)) {
      context.addIssue({
        code: 'custom',
        message: `The query operator ${operator} is not supported.`,
      });
    }
  }),
});

export type AttributesPolicy = z.input<typeof AttributesPolicySchema>;
