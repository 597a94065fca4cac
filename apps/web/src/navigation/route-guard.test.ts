import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access.ts';
import { resolveRouteMeta } from './route-meta.ts';
import { decideNavigation, redirectQuery, type GuardLocation } from './route-guard.ts';
import type { RouteHandle } from './types.ts';

/** A location whose matched routes carry these handles (outermost first). */
function at(path: string, ...handles: RouteHandle[]): GuardLocation {
  const [pathname, query] = path.split('?');
  return {
    pathname: pathname!,
    search: query === undefined ? '' : `?${query}`,
    meta: resolveRouteMeta(handles),
  };
}

const loggedOut: AccessContext = { loggedIn: false, hasAnyPermission: () => false };
const holding = (...names: string[]): AccessContext => ({
  loggedIn: true,
  hasAnyPermission: (list) => list.some((name) => names.includes(name)),
});

const loginOnly: RouteHandle = { requireLoggedIn: true };
const loggedOutOnly: RouteHandle = { requireLoggedOut: true };
const users: RouteHandle = { requirePermissions: ['user_create', 'user_update'] };

const adminUsers = (path = '/admin/users') => at(path, { navigation: 'admin', ...loginOnly }, users);
const login = (path = '/login') => at(path, loggedOutOnly);
const projects = at('/projects', loginOnly);

describe('decideNavigation', () => {
  describe('a logged-in-only route without a signed-in user', () => {
    it('goes to login with the full target path as redirect', () => {
      expect(
        decideNavigation({ target: adminUsers('/admin/users?page=2&sort=name'), access: loggedOut }),
      ).toEqual({
        type: 'redirect',
        to: '/login?redirect=/admin/users%3Fpage%3D2%26sort%3Dname',
        logout: false,
        replace: true,
      });
    });

    it('keeps the history entry it came from when navigating from another page', () => {
      expect(decideNavigation({ target: adminUsers(), previous: login(), access: loggedOut })).toEqual({
        type: 'redirect',
        to: '/login?redirect=/admin/users',
        logout: false,
        replace: false,
      });
    });

    it('adds no redirect when the target already carries one', () => {
      expect(
        decideNavigation({ target: at('/settings?redirect=/admin', loginOnly), access: loggedOut }),
      ).toMatchObject({
        type: 'redirect',
        to: '/login',
      });
    });

    it('adds no redirect when the target also requires logged-out', () => {
      expect(
        decideNavigation({ target: at('/odd', loginOnly, loggedOutOnly), access: loggedOut }),
      ).toMatchObject({
        type: 'redirect',
        to: '/login',
      });
    });

    it('does not redirect a target on the login route', () => {
      expect(decideNavigation({ target: at('/login/help', loginOnly), access: loggedOut })).toEqual({
        type: 'proceed',
        logout: false,
      });
    });

    it('uses a configured login route', () => {
      expect(decideNavigation({ target: projects, access: loggedOut, loginPath: '/sign-in' })).toMatchObject({
        to: '/sign-in?redirect=/projects',
      });
      expect(
        decideNavigation({ target: at('/sign-in', loginOnly), access: loggedOut, loginPath: '/sign-in' }),
      ).toEqual({ type: 'proceed', logout: false });
    });
  });

  describe('a logged-out-only route', () => {
    it('logs a signed-in user out and carries on', () => {
      expect(decideNavigation({ target: login(), previous: projects, access: holding() })).toEqual({
        type: 'proceed',
        logout: true,
      });
    });

    it('lets a logged-out visitor in', () => {
      expect(decideNavigation({ target: login(), access: loggedOut })).toEqual({
        type: 'proceed',
        logout: false,
      });
    });
  });

  it('lets anybody into a route without requirements', () => {
    expect(decideNavigation({ target: at('/nope'), access: loggedOut })).toEqual({
      type: 'proceed',
      logout: false,
    });
  });

  describe('required permissions', () => {
    it('needs at least one permission of every matched route that lists some', () => {
      const target = at('/admin/users/add', loginOnly, users, { requirePermissions: 'user_create' });
      expect(decideNavigation({ target, previous: projects, access: holding('user_create') })).toEqual({
        type: 'proceed',
        logout: false,
      });
      expect(decideNavigation({ target, previous: projects, access: holding('user_update') })).toMatchObject({
        type: 'redirect',
        to: '/projects',
      });
    });

    it('sends the user back to the previous path when they hold none', () => {
      const previous = at('/projects?page=3', loginOnly);
      expect(decideNavigation({ target: adminUsers(), previous, access: holding('project_create') })).toEqual(
        {
          type: 'redirect',
          to: '/projects?page=3',
          logout: false,
          replace: true,
        },
      );
    });

    it('logs out and goes to login when the previous path is the target', () => {
      expect(
        decideNavigation({ target: adminUsers(), previous: adminUsers(), access: holding('project_create') }),
      ).toEqual({ type: 'redirect', to: '/login', logout: true, replace: true });
    });

    it('treats the first navigation as coming from the target', () => {
      expect(decideNavigation({ target: adminUsers(), access: holding() })).toEqual({
        type: 'redirect',
        to: '/login',
        logout: true,
        replace: true,
      });
    });

    it('logs out and goes back when the previous route was logged-out-only', () => {
      expect(
        decideNavigation({
          target: adminUsers(),
          previous: login('/login?redirect=/admin/users'),
          access: holding('project_create'),
        }),
      ).toEqual({ type: 'redirect', to: '/login?redirect=/admin/users', logout: true, replace: true });
    });

    it('checks a logged-out-only target as the logged-out visitor it makes of the user', () => {
      const target = at('/odd', loggedOutOnly, users);
      expect(decideNavigation({ target, previous: projects, access: holding('user_create') })).toEqual({
        type: 'redirect',
        to: '/projects',
        logout: true,
        replace: true,
      });
    });
  });
});

describe('redirectQuery', () => {
  it('keeps slashes readable and encodes the rest', () => {
    expect(redirectQuery('/admin/users')).toBe('?redirect=/admin/users');
    expect(redirectQuery('/a b?x=1&y=#z')).toBe('?redirect=/a%20b%3Fx%3D1%26y%3D%23z');
    expect(new URLSearchParams(redirectQuery('/a b?x=1&y=#z')).get('redirect')).toBe('/a b?x=1&y=#z');
  });
});
