import type { PermissionLookup } from './types.ts';

/**
 * Identifies a permission by realm, client and name; a missing id counts as null. The separator
 * cannot occur in ids or permission names.
 */
export function permissionKey(item: PermissionLookup): string {
  return `${item.realmId ?? ''}\u0000${item.clientId ?? ''}\u0000${item.name}`;
}
