import { BuiltInPolicyType } from '../constants.ts';
import { IdentityPolicySchema } from '../config/identity.ts';
import { defineEvaluator } from './types.ts';

/** No identity fails (it is not an error); without listed types any identity passes. */
export const identityEvaluator = defineEvaluator({
  type: BuiltInPolicyType.IDENTITY,
  schema: IdentityPolicySchema,
  prepare: (config) => ({
    success: true,
    data: { types: config.types && config.types.length > 0 ? new Set(config.types) : undefined },
  }),
  evaluate(config, context) {
    const { identity } = context.input;
    if (identity === undefined) return false;
    return config.types === undefined || config.types.has(identity.type);
  },
});
