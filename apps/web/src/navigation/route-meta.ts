import type { NavigationId, PermissionName, RouteHandle } from './types.ts';
import { requiredPermissions } from './access.ts';

/** The route metadata of the current location, combined over every matched route. */
export interface ResolvedRouteMeta {
  /** Side menu to show: the deepest matched route that names one wins; `default` otherwise. */
  readonly navigation: NavigationId;
  readonly requireLoggedIn: boolean;
  readonly requireLoggedOut: boolean;
  /** One entry per matched route that lists permissions; each must be satisfied by any one name. */
  readonly requirePermissions: ReadonlyArray<readonly PermissionName[]>;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

/** Combines the `handle`s of the matched routes, outermost first. */
export function resolveRouteMeta(handles: readonly unknown[]): ResolvedRouteMeta {
  let navigation: NavigationId = 'default';
  let requireLoggedIn = false;
  let requireLoggedOut = false;
  const requirePermissions: PermissionName[][] = [];
  for (const handle of handles) {
    if (!isRouteHandle(handle)) continue;
    if (handle.navigation) navigation = handle.navigation;
    requireLoggedIn ||= handle.requireLoggedIn === true;
    requireLoggedOut ||= handle.requireLoggedOut === true;
    const permissions = requiredPermissions(handle);
    if (permissions.length > 0) requirePermissions.push(permissions);
  }
  return { navigation, requireLoggedIn, requireLoggedOut, requirePermissions };
}
