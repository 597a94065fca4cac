import { matchRoutes, redirect, replace, type MiddlewareFunction, type RouteObject } from 'react-router';
import { resolveRouteMeta } from '../navigation/route-meta.ts';
import { decideNavigation, DEFAULT_LOGIN_PATH, type GuardLocation } from '../navigation/route-guard.ts';
import type { SessionStore } from '../session/session-store.ts';
import { setSignOutNotice, type SignOutNotice } from '../session/sign-out-notice.ts';

/** Path and query of a location, as the router reports it. */
export interface PathAndSearch {
  readonly pathname: string;
  readonly search: string;
}

export interface RouteGuardOptions {
  readonly routes: readonly RouteObject[];
  readonly session: SessionStore;
  /** The location shown right now; while a navigation runs, this is where it comes from. */
  readonly currentLocation: () => PathAndSearch | undefined;
  readonly loginPath?: string;
  /** Counts the guard runs in progress (the router tells the guard's own logouts from others). */
  readonly activity?: { running: number };
}

/** The metadata of every route matching a path, combined (see `resolveRouteMeta`). */
export function locate(routes: readonly RouteObject[], { pathname, search }: PathAndSearch): GuardLocation {
  const matches = matchRoutes([...routes], pathname) ?? [];
  return { pathname, search, meta: resolveRouteMeta(matches.map((match) => match.route.handle)) };
}

/**
 * Router middleware running before every navigation: resolves the session (a failure logs out),
 * then applies `decideNavigation` to the matched routes' handles.
 */
export function createRouteGuard({
  routes,
  session,
  currentLocation,
  loginPath = DEFAULT_LOGIN_PATH,
  activity = { running: 0 },
}: RouteGuardOptions): MiddlewareFunction {
  return async ({ request }) => {
    activity.running += 1;
    try {
      try {
        await session.resolve();
      } catch {
        await session.logout();
      }
      const url = new URL(request.url);
      const current = currentLocation();
      const target = locate(routes, url);
      const decision = decideNavigation({
        target,
        previous: current && locate(routes, current),
        access: session,
        loginPath,
      });
      // Logging out clears the session at once; the token revocation may finish later.
      if (decision.logout) void session.logout();
      // The login page tells why the user was signed out (also after the redirect there, which runs
      // the guard again); leaving the logged-out pages forgets it.
      if (decision.logout) setSignOutNotice(session, signOutReason(target));
      else if (!target.meta.requireLoggedOut) setSignOutNotice(session, undefined);
      if (decision.type === 'redirect') throw decision.replace ? replace(decision.to) : redirect(decision.to);
    } finally {
      activity.running -= 1;
    }
  };
}

function signOutReason(target: GuardLocation): SignOutNotice {
  return target.meta.requireLoggedOut
    ? { reason: 'loginPage' }
    : { reason: 'forbidden', path: target.pathname };
}

/** The route table with the guard in front of it (as middleware of the top-level routes). */
export function withRouteGuard(
  routes: readonly RouteObject[],
  options: Omit<RouteGuardOptions, 'routes'>,
): RouteObject[] {
  const guard = createRouteGuard({ ...options, routes });
  return routes.map(
    (route) => ({ ...route, middleware: [guard, ...(route.middleware ?? [])] }) as RouteObject,
  );
}
