import { BuiltInPolicyType } from '../constants.ts';
import { AttributeNamesPolicySchema } from '../config/attribute-names.ts';
import { requireAttributes } from './input.ts';
import { defineEvaluator } from './types.ts';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Whether every attribute name, flattened to a dot path through nested plain objects, is allowed.
 * Arrays, dates and other values end a path; so does an empty object, so it cannot slip through.
 */
function allNamesAllowed(
  attributes: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  prefix: string,
): boolean {
  for (const key of Object.keys(attributes)) {
    const path = prefix + key;
    const value = attributes[key];
    if (isPlainObject(value) && Object.keys(value).length > 0) {
      if (!allNamesAllowed(value, allowed, `${path}.`)) return false;
    } else if (!allowed.has(path)) {
      return false;
    }
  }
  return true;
}

/** Passes when every (flattened) attribute of the input is in the allow-list. */
export const attributeNamesEvaluator = defineEvaluator({
  type: BuiltInPolicyType.ATTRIBUTE_NAMES,
  schema: AttributeNamesPolicySchema,
  prepare: (config) => ({ success: true, data: { names: new Set(config.names) } }),
  evaluate(config, context) {
    const attributes = requireAttributes(context, BuiltInPolicyType.ATTRIBUTE_NAMES);
    return allNamesAllowed(attributes, config.names, '');
  },
});
