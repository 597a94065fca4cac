import type { AccessRequirements, PermissionName } from './types.ts';

/** What access decisions need to know about the current visitor. */
export interface AccessContext {
  readonly loggedIn: boolean;
  /** True if the visitor holds at least one of the named permissions. */
  hasAnyPermission(names: readonly PermissionName[]): boolean;
}

/** The permission names of a requirement as a list (one name or many; empty names dropped). */
export function requiredPermissions(requirements: AccessRequirements | undefined): PermissionName[] {
  const value = requirements?.requirePermissions;
  if (value === undefined) return [];
  return (typeof value === 'string' ? [value] : [...value]).filter((name) => name.length > 0);
}

/** Decides one set of requirements: login state first, then "holds any of the permissions". */
export function isAccessAllowed(
  requirements: AccessRequirements | undefined,
  context: AccessContext,
): boolean {
  if (!requirements) return true;
  if (requirements.requireLoggedIn && !context.loggedIn) return false;
  if (requirements.requireLoggedOut && context.loggedIn) return false;
  const permissions = requiredPermissions(requirements);
  return permissions.length === 0 || context.hasAnyPermission(permissions);
}
