import { BuiltInPolicyType } from '../constants.ts';
import { PermissionBindingPolicySchema } from '../config/permission-binding.ts';
import { PolicyError } from '../errors.ts';
import { requirePermission } from './input.ts';
import type { PolicyConfig } from '../types.ts';
import { defineEvaluator } from './types.ts';

/**
 * Asks the permission binding provider whether the identity holds the permission being checked.
 * No identity or no binding fails; a binding without policy passes; otherwise at least one
 * binding's policy must pass (bindings of one permission combine affirmatively). Inside those
 * policies a permissionBinding policy passes, as holding the permission is already established.
 */
export const permissionBindingEvaluator = defineEvaluator({
  type: BuiltInPolicyType.PERMISSION_BINDING,
  schema: PermissionBindingPolicySchema,
  prepare: () => ({ success: true, data: {} }),
  async evaluate(_config, context) {
    const provider = context.permissionBindings;
    if (!provider) {
      throw PolicyError.evaluatorNotProcessable([
        {
          path: 'type',
          code: 'provider_missing',
          message: 'No permission binding provider has been given to the policy engine.',
        },
      ]);
    }
    const permission = requirePermission(context, BuiltInPolicyType.PERMISSION_BINDING);
    const { identity } = context.input;
    if (identity === undefined) return false;
    if (context.isWithinBinding) return true;

    const bindings = await provider.getBindings(identity, permission);
    if (bindings.length === 0) return false;

    const policies: PolicyConfig[] = [];
    for (const binding of bindings) {
      if (!binding.policy) return true;
      policies.push(binding.policy);
    }

    return context.withinBinding(async () => {
      for (const policy of policies) {
        if (await context.evaluate(policy)) return true;
      }
      return false;
    });
  },
});
