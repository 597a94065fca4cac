import {
  MemoryPermissionBindingProvider,
  PolicyEngine,
  PRE_CHECK_EXCLUDED_POLICY_TYPES,
  type PolicyIdentity,
} from '@federa/policy';
import type { HeldPermission, SessionPermission } from './types.ts';

/** How often permissions with a policy are evaluated again: a time or date window opens or closes. */
export const POLICY_RECHECK_INTERVAL_MS = 60_000;

/** Whether any of the permissions carries a policy (only then is re-evaluation worth a timer). */
export function hasPolicies(held: readonly HeldPermission[]): boolean {
  return held.some((permission) => permission.policy);
}

/**
 * The held permissions granted now in pre-check mode, as the server decides before a record is
 * known (docs/product/identity-and-access.md §2 "Menu gating"): a permission without a policy is granted; one
 * with a policy only when it passes with the record-dependent types (attributes, attribute names, realm
 * match) skipped. A policy that cannot be evaluated denies, so a menu never promises what the server refuses.
 */
export async function grantedPermissions(
  held: readonly HeldPermission[],
  identity: PolicyIdentity,
  dateTime: Date = new Date(),
): Promise<SessionPermission[]> {
  const bindings = new MemoryPermissionBindingProvider(
    held.map((permission) => ({
      identity,
      permission: { name: permission.name, realmId: permission.realm_id, clientId: permission.client_id },
    })),
  );
  const engine = new PolicyEngine({ permissionBindings: bindings });
  const decisions = await Promise.all(
    held.map(async (permission) => {
      if (!permission.policy) return true;
      const input = {
        identity,
        dateTime,
        permission: { name: permission.name, realmId: permission.realm_id, clientId: permission.client_id },
      };
      return engine
        .evaluate(permission.policy, input, { exclude: PRE_CHECK_EXCLUDED_POLICY_TYPES })
        .catch(() => false);
    }),
  );
  return held
    .filter((_, index) => decisions[index])
    .map(({ name, realm_id, client_id }) => ({ name, realm_id, client_id }));
}
