import { describe, expect, it } from 'vitest';
import type { AccessContext } from './access.ts';
import { filterMenuItems } from './filter-menu-items.ts';
import { adminSideMenu } from './menus/admin-side-menu.ts';
import { defaultSideMenu } from './menus/default-side-menu.ts';
import { topMenu } from './menus/top-menu.ts';
import type { MenuItem } from './types.ts';

const loggedOut: AccessContext = { loggedIn: false, hasAnyPermission: () => false };
const holding = (...permissions: string[]): AccessContext => ({
  loggedIn: true,
  hasAnyPermission: (names) => names.some((name) => permissions.includes(name)),
});

const names = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.name, ...names(item.children ?? [])]);

describe('filterMenuItems', () => {
  it('shows a logged-out visitor only Home, the separator and Login', () => {
    expect(names(filterMenuItems(topMenu, loggedOut))).toEqual(['app.menu.home']);
    expect(names(filterMenuItems(defaultSideMenu, loggedOut))).toEqual(['app.menu.others', 'app.menu.login']);
    expect(filterMenuItems(adminSideMenu, loggedOut)).toEqual([]);
  });

  it('hides Login once logged in and shows Admin without any permission', () => {
    const session = holding();
    expect(names(filterMenuItems(topMenu, session))).toEqual(['app.menu.home', 'app.menu.admin']);
    expect(names(filterMenuItems(defaultSideMenu, session))).toEqual([
      'app.menu.info',
      'app.menu.others',
      'app.menu.settings',
    ]);
  });

  it('shows Projects for analysis_result_read, but Analyses only for analysis work', () => {
    const visible = names(filterMenuItems(defaultSideMenu, holding('analysis_result_read')));
    expect(visible).toContain('app.menu.projects');
    expect(visible).not.toContain('app.menu.analyses');
    expect(names(filterMenuItems(defaultSideMenu, holding('analysis_approve')))).toContain(
      'app.menu.analyses',
    );
  });

  it('gates admin links by any one of their permissions and drops empty groups', () => {
    expect(names(filterMenuItems(adminSideMenu, holding('user_update', 'service_manage')))).toEqual([
      'app.menu.auth',
      'app.menu.users',
      'app.menu.general',
      'app.menu.services',
    ]);
    expect(names(filterMenuItems(adminSideMenu, holding('node_delete')))).toEqual([
      'app.menu.general',
      'app.menu.nodes',
    ]);
    // Realms are also shown to holders of project_update; Policies also to holders of permission_read.
    expect(names(filterMenuItems(adminSideMenu, holding('project_update', 'permission_read')))).toEqual([
      'app.menu.auth',
      'app.menu.realms',
      'app.menu.policies',
    ]);
  });

  it('accepts a single permission name and ignores an empty list', () => {
    const items: MenuItem[] = [
      { name: 'app.menu.events', type: 'link', url: '/e', metadata: { requirePermissions: 'event_read' } },
      { name: 'app.menu.nodes', type: 'link', url: '/n', metadata: { requirePermissions: [] } },
    ];
    expect(names(filterMenuItems(items, loggedOut))).toEqual(['app.menu.nodes']);
    expect(names(filterMenuItems(items, holding('event_read')))).toEqual([
      'app.menu.events',
      'app.menu.nodes',
    ]);
  });

  it('does not change the menu it filters', () => {
    const before = JSON.stringify(adminSideMenu);
    filterMenuItems(adminSideMenu, holding('user_update'));
    expect(JSON.stringify(adminSideMenu)).toBe(before);
  });
});
