import { guard } from '@ucast/mongo2js';
import { BuiltInPolicyType } from '../constants.ts';
import { AttributesPolicySchema } from '../config/attributes.ts';
import { requireAttributes } from './input.ts';
import { defineEvaluator } from './types.ts';

const REGEX_LITERAL = /^\/(.*)\/([a-z]*)$/s;

/**
 * A copy of the query in which every `$regex` string written `/pattern/flags` is that regular
 * expression (the stored configuration is JSON, which has no regular expressions).
 */
function withRegularExpressions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRegularExpressions);
  if (value === null || typeof value !== 'object' || value instanceof RegExp) return value;
  if (value instanceof Date) return value;

  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const literal = key === '$regex' && typeof item === 'string' ? REGEX_LITERAL.exec(item) : null;
    copy[key] = literal ? new RegExp(literal[1] ?? '', literal[2]) : withRegularExpressions(item);
  }
  return copy;
}

type Matcher = (attributes: Record<string, unknown>) => boolean;

/** Passes when the input attributes match the configured Mongo-style query. */
export const attributesEvaluator = defineEvaluator({
  type: BuiltInPolicyType.ATTRIBUTES,
  schema: AttributesPolicySchema,
  prepare(config) {
    try {
      const matcher: Matcher = guard(withRegularExpressions(config.query) as Record<string, unknown>);
      return { success: true, data: { matcher } };
    } catch (error) {
      return {
        success: false,
        issues: [
          {
            path: 'query',
            code: 'invalid_query',
            message: `The query is invalid: ${error instanceof Error ? error.message : String(error)}`,
          },
        ],
      };
    }
  },
  evaluate(config, context) {
    return config.matcher(requireAttributes(context, BuiltInPolicyType.ATTRIBUTES));
  },
});
