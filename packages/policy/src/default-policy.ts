import { BuiltInPolicyType, DecisionStrategy } from './constants.ts';
import type { CompositePolicy } from './config/composite.ts';

/**
 * The policy of a permission that has none of its own, as the server checks it (docs/design.md §5): all of
 * - identity: someone is authenticated (any type);
 * - realmMatch on `realm_id`, not strict (so `user_realm_id`, `role_realm_id` … count too), with
 *   master-realm identities matching every record;
 * - permissionBinding: the identity holds the permission.
 * Returns a new object on each call; build it once and reuse it, so the engine's validation cache
 * applies.
 */
export function buildDefaultPolicy(): CompositePolicy {
  return {
    type: BuiltInPolicyType.COMPOSITE,
    decisionStrategy: DecisionStrategy.UNANIMOUS,
    children: [
      { type: BuiltInPolicyType.IDENTITY },
      {
        type: BuiltInPolicyType.REALM_MATCH,
        attributeName: ['realm_id'],
        attributeNameStrict: false,
        identityMasterMatchAll: true,
      },
      { type: BuiltInPolicyType.PERMISSION_BINDING },
    ],
  };
}
