import type { AccessContext } from './access.ts';
import type { ResolvedRouteMeta } from './route-meta.ts';

/** A location the guard looks at: path, query and the combined metadata of its matched routes. */
export interface GuardLocation {
  readonly pathname: string;
  /** `''` or `'?key=value…'` */
  readonly search: string;
  readonly meta: ResolvedRouteMeta;
}

export interface NavigationInput {
  readonly target: GuardLocation;
  /** Where the user is now; undefined on the first navigation, which then counts as coming from the target. */
  readonly previous?: GuardLocation;
  /** The session after it was resolved. */
  readonly access: AccessContext;
  /** Defaults to `/login`. */
  readonly loginPath?: string;
}

export type NavigationDecision =
  /** Show the target; `logout` first when the target is for logged-out visitors only. */
  | { readonly type: 'proceed'; readonly logout: boolean }
  /** Go elsewhere; `replace` keeps the refused target out of the history. */
  | { readonly type: 'redirect'; readonly to: string; readonly logout: boolean; readonly replace: boolean };

export const DEFAULT_LOGIN_PATH = '/login';

const fullPath = (location: Pick<GuardLocation, 'pathname' | 'search'>) =>
  `${location.pathname}${location.search}`;

function startsWithPath(pathname: string, prefix: string): boolean {
  const base = prefix.replace(/\/+$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** `?redirect=/admin/users%3Fpage%3D2`: slashes stay readable, everything else is encoded. */
export function redirectQuery(path: string): string {
  return `?redirect=${encodeURIComponent(path).replaceAll('%2F', '/')}`;
}

function hasRedirectQuery(search: string): boolean {
  return new URLSearchParams(search).has('redirect');
}

const nobody: AccessContext = { loggedIn: false, hasAnyPermission: () => false };

/**
 * The route guard of docs/product/identity-and-access.md §2, as a pure decision (the session is resolved
 * before):
 *
 * 1. A logged-in-only target without a signed-in user goes to the login route, with `redirect`
 *    holding the full target path, unless the target also requires logged-out or already carries a
 *    `redirect` query. A target on the login route itself is never redirected.
 * 2. A logged-out-only target with a signed-in user: log out and carry on.
 * 3. Every matched route that lists permissions needs at least one of them. Otherwise back to the
 *    previous path; if that is the target itself, log out and go to login; if the previous route was
 *    logged-out-only, log out and go back there.
 */
export function decideNavigation({
  target,
  previous,
  access,
  loginPath = DEFAULT_LOGIN_PATH,
}: NavigationInput): NavigationDecision {
  const targetPath = fullPath(target);
  const from = previous ?? target;
  const fromPath = fullPath(from);
  const firstOrSame = previous === undefined || fromPath === targetPath;

  if (target.meta.requireLoggedIn && !access.loggedIn) {
    if (startsWithPath(target.pathname, loginPath)) return { type: 'proceed', logout: false };
    const query =
      target.meta.requireLoggedOut || hasRedirectQuery(target.search) ? '' : redirectQuery(targetPath);
    return { type: 'redirect', to: `${loginPath}${query}`, logout: false, replace: firstOrSame };
  }

  let logout = false;
  let session = access;
  if (target.meta.requireLoggedOut && access.loggedIn) {
    logout = true;
    session = nobody;
  }

  const permitted = target.meta.requirePermissions.every((names) => session.hasAnyPermission(names));
  if (permitted) return { type: 'proceed', logout };

  if (fromPath === targetPath) return { type: 'redirect', to: loginPath, logout: true, replace: true };
  if (from.meta.requireLoggedOut) return { type: 'redirect', to: fromPath, logout: true, replace: true };
  return { type: 'redirect', to: fromPath, logout, replace: true };
}
