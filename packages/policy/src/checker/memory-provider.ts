import type { PermissionBinding, PermissionBindingProvider } from '../evaluators/types.ts';
import type { PolicyIdentity, PolicyPermission } from '../types.ts';
import { permissionKey } from './key.ts';
import { mergePermissionItems } from './merge.ts';
import type { PermissionItem, PermissionLookup, PermissionProvider } from './types.ts';

/**
 * A permission provider over a list, e.g. the permissions of a token. Duplicates are merged (see
 * `mergePermissionItems`).
 */
export class MemoryPermissionProvider implements PermissionProvider {
  private readonly items = new Map<string, PermissionItem>();

  constructor(items: readonly PermissionItem[]) {
    for (const item of mergePermissionItems(items)) this.items.set(permissionKey(item), item);
  }

  get(lookup: PermissionLookup): PermissionItem | undefined {
    return this.items.get(permissionKey(lookup));
  }
}

/** That an identity holds a permission, optionally under a policy. */
export type IdentityPermissionBinding = {
  identity: Pick<PolicyIdentity, 'type' | 'id'>;
  permission: PolicyPermission;
  policy?: PermissionBinding['policy'];
};

function identityKey(identity: Pick<PolicyIdentity, 'type' | 'id'>): string {
  return `${identity.type}\u0000${identity.id}`;
}

const NONE: readonly PermissionBinding[] = [];

/** A permission binding provider over a list of bindings (e.g. preloaded for one identity). */
export class MemoryPermissionBindingProvider implements PermissionBindingProvider {
  private readonly bindings = new Map<string, Map<string, PermissionBinding[]>>();

  constructor(bindings: readonly IdentityPermissionBinding[]) {
    for (const binding of bindings) {
      const identity = identityKey(binding.identity);
      let held = this.bindings.get(identity);
      if (!held) {
        held = new Map();
        this.bindings.set(identity, held);
      }
      const permission = permissionKey(binding.permission);
      const list = held.get(permission);
      const entry = { policy: binding.policy ?? null };
      if (list) list.push(entry);
      else held.set(permission, [entry]);
    }
  }

  getBindings(identity: PolicyIdentity, permission: PolicyPermission): readonly PermissionBinding[] {
    return this.bindings.get(identityKey(identity))?.get(permissionKey(permission)) ?? NONE;
  }
}
