import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolveRouteMeta } from '../../navigation/route-meta.ts';
import { appRoutes } from './app-routes.ts';

function resolve(path: string) {
  const matches = matchRoutes(appRoutes, path) ?? [];
  const last = matches.at(-1);
  return {
    catchAll: last?.route.path === '*',
    meta: resolveRouteMeta(matches.map((match) => match.route.handle)),
  };
}

const defaultArea = [
  '/',
  '/login',
  '/logout',
  '/users/1',
  '/analyses',
  '/analyses/in',
  '/analyses/add',
  '/analyses/1',
  '/analyses/1/setup',
  '/analyses/1/results',
  '/projects',
  '/projects/in',
  '/projects/add',
  '/projects/1',
  '/projects/1/analyses',
  '/projects/1/analyses/in',
  '/projects/1/analyses/add',
  '/projects/1/settings',
  '/settings',
  '/settings/security',
  '/settings/notifications',
];

const identitySections = [
  'realms',
  'identity-providers',
  'robots',
  'users',
  'roles',
  'policies',
  'permissions',
];
const adminArea = [
  '/admin',
  ...identitySections.flatMap((section) => [
    `/admin/${section}`,
    `/admin/${section}/add`,
    `/admin/${section}/1`,
  ]),
  '/admin/robots/1/roles',
  '/admin/robots/1/permissions',
  '/admin/users/1/roles',
  '/admin/users/1/permissions',
  '/admin/roles/1/users',
  '/admin/roles/1/permissions',
  '/admin/permissions/1/roles',
  '/admin/permissions/1/users',
  '/admin/permissions/1/robots',
  '/admin/events',
  '/admin/events/1',
  '/admin/nodes',
  '/admin/nodes/add',
  '/admin/nodes/1',
  '/admin/nodes/1/robot',
  '/admin/nodes/1/crypto',
  '/admin/nodes/1/registry',
  '/admin/services',
  '/admin/services/registry',
  '/admin/services/registry/add',
  '/admin/services/registry/robot',
  '/admin/services/registry/1',
  '/admin/services/registry/1/setup',
  '/admin/services/registry/1/cleanup',
  '/admin/services/registry/1/projects',
  '/admin/services/registry/1/projects/add',
  '/admin/services/registry/1/projects/2',
  '/admin/services/master-images',
];

describe('route table', () => {
  it.each(defaultArea)('registers %s in the default area', (path) => {
    const { catchAll, meta } = resolve(path);
    expect(catchAll).toBe(false);
    expect(meta.navigation).toBe('default');
  });

  it.each(adminArea)('registers %s in the admin area, for signed-in users', (path) => {
    const { catchAll, meta } = resolve(path);
    expect(catchAll).toBe(false);
    expect(meta.navigation).toBe('admin');
    expect(meta.requireLoggedIn).toBe(true);
  });

  it('sends unknown paths to the not-found route, keeping the admin side menu under /admin', () => {
    expect(resolve('/nope').catchAll).toBe(true);
    expect(resolve('/admin/nope')).toMatchObject({ catchAll: true, meta: { navigation: 'admin' } });
    expect(resolve('/admin/users/1/unknown').catchAll).toBe(true);
  });

  it('declares the access flags of the specification', () => {
    expect(resolve('/login').meta).toMatchObject({ requireLoggedOut: true, requireLoggedIn: false });
    expect(resolve('/').meta.requireLoggedIn).toBe(true);
    expect(resolve('/logout').meta.requireLoggedIn).toBe(true);
    expect(resolve('/projects/add').meta.requirePermissions).toEqual([['project_create']]);
    expect(resolve('/projects/in').meta.requirePermissions).toEqual([['project_approve']]);
    expect(resolve('/analyses/in').meta.requirePermissions).toEqual([['analysis_approve']]);
    expect(resolve('/projects/1/analyses/in').meta.requirePermissions).toEqual([['analysis_approve']]);
    expect(resolve('/admin/nodes/add').meta.requirePermissions).toEqual([['node_create']]);
    expect(resolve('/admin/services/registry/1/cleanup').meta.requirePermissions).toEqual([
      ['registry_manage'],
    ]);
    expect(resolve('/admin/services').meta.requirePermissions).toEqual([['service_manage']]);
    expect(resolve('/admin/users/add').meta.requirePermissions).toEqual([
      ['user_create', 'user_update', 'user_delete'],
      ['user_create'],
    ]);
  });
});
