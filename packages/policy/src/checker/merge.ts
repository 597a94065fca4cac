import { BuiltInPolicyType, DecisionStrategy } from '../constants.ts';
import type { PolicyConfig } from '../types.ts';
import { permissionKey } from './key.ts';
import type { PermissionItem } from './types.ts';

/**
 * Merges permissions with the same realm, client and name (e.g. one permission reached through
 * several roles) into one, in first-seen order. The merged policy is an affirmative composite of
 * their policies, in order: holding the permission under any one of them suffices. If one of them
 * has no policy, the merged permission has none either: it is granted unconditionally (the
 * original's b27 dropped such a duplicate and stayed restricted; later versions fixed that).
 */
export function mergePermissionItems(items: readonly PermissionItem[]): PermissionItem[] {
  const groups = new Map<string, PermissionItem[]>();
  for (const item of items) {
    const key = permissionKey(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }

  const merged: PermissionItem[] = [];
  for (const group of groups.values()) {
    const [first] = group as [PermissionItem, ...PermissionItem[]];
    if (group.length === 1) {
      merged.push(first);
      continue;
    }
    const policies: PolicyConfig[] = [];
    let unrestricted = false;
    for (const item of group) {
      if (!item.policy) unrestricted = true;
      else policies.push(item.policy);
    }
    merged.push({
      name: first.name,
      realmId: first.realmId ?? null,
      clientId: first.clientId ?? null,
      policy: unrestricted
        ? null
        : {
            type: BuiltInPolicyType.COMPOSITE,
            decisionStrategy: DecisionStrategy.AFFIRMATIVE,
            children: policies,
          },
    });
  }
  return merged;
}
