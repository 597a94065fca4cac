import { describe, expect, it } from 'vitest';
import { findActiveMenuItem, normalizePath, scoreMenuItem } from './active-item.ts';
import { adminSideMenu } from './menus/admin-side-menu.ts';
import { defaultSideMenu } from './menus/default-side-menu.ts';
import { topMenu } from './menus/top-menu.ts';
import type { MenuItem } from './types.ts';

const link = (url: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  name: 'app.menu.info',
  type: 'link',
  url,
  ...extra,
});

describe('scoreMenuItem', () => {
  it('weights root 1, default 1, exact url 3, prefix url 2, exact activeMatch 6, prefix activeMatch 4', () => {
    expect(scoreMenuItem(link('/'), '/projects')).toBe(1);
    expect(scoreMenuItem({ name: 'app.menu.home', type: 'link', default: true }, '/anything')).toBe(1);
    expect(scoreMenuItem(link('/projects'), '/projects')).toBe(3);
    expect(scoreMenuItem(link('/projects'), '/projects/42/settings')).toBe(2);
    expect(scoreMenuItem({ name: 'app.menu.admin', type: 'link', activeMatch: '/admin/' }, '/admin')).toBe(6);
    expect(
      scoreMenuItem({ name: 'app.menu.admin', type: 'link', activeMatch: '/admin/' }, '/admin/realms'),
    ).toBe(4);
  });

  it('adds up every component that applies', () => {
    expect(scoreMenuItem(link('/', { default: true }), '/')).toBe(3 + 1);
    expect(scoreMenuItem(link('/admin', { activeMatch: '/admin/' }), '/admin/users/1')).toBe(2 + 4);
  });

  it('does not match a sibling that merely shares a prefix of characters', () => {
    expect(scoreMenuItem(link('/project'), '/projects')).toBe(0);
  });

  it('ignores trailing slashes, query and hash', () => {
    expect(normalizePath('/projects/?page=2#top')).toBe('/projects');
    expect(scoreMenuItem(link('/projects'), '/projects/?page=2')).toBe(3);
  });

  it('never activates separators', () => {
    expect(scoreMenuItem({ name: 'app.menu.others', type: 'separator', default: true }, '/')).toBe(0);
  });
});

describe('findActiveMenuItem', () => {
  const activeName = (items: readonly MenuItem[], path: string) => findActiveMenuItem(items, path)?.name;

  it('activates Home everywhere outside the admin area and Admin inside it', () => {
    expect(activeName(topMenu, '/')).toBe('app.menu.home');
    expect(activeName(topMenu, '/projects/1')).toBe('app.menu.home');
    expect(activeName(topMenu, '/admin')).toBe('app.menu.admin');
    expect(activeName(topMenu, '/admin/realms')).toBe('app.menu.admin');
    expect(activeName(topMenu, '/administration')).toBe('app.menu.home');
  });

  it('prefers the most specific side-menu link', () => {
    expect(activeName(defaultSideMenu, '/')).toBe('app.menu.info');
    expect(activeName(defaultSideMenu, '/projects')).toBe('app.menu.projects');
    expect(activeName(defaultSideMenu, '/projects/7/analyses/in')).toBe('app.menu.projects');
    expect(activeName(defaultSideMenu, '/analyses/3/setup')).toBe('app.menu.analyses');
    // Only the root link matches: it is the weakest match, but still the best one.
    expect(activeName(defaultSideMenu, '/users/5')).toBe('app.menu.info');
  });

  it('searches inside groups', () => {
    expect(activeName(adminSideMenu, '/admin/users/5/roles')).toBe('app.menu.users');
    expect(activeName(adminSideMenu, '/admin/services/registry/1/projects/2')).toBe('app.menu.services');
    expect(activeName(adminSideMenu, '/admin')).toBeUndefined();
  });

  it('lets an exact activeMatch beat a url prefix, a longer url win a tie, then the first item', () => {
    const items: MenuItem[] = [
      link('/a', { name: 'app.menu.home' }),
      link('/a/b', { name: 'app.menu.admin' }),
      link('/x', { name: 'app.menu.info', activeMatch: '/a/b/c' }),
    ];
    expect(activeName(items, '/a/b/c')).toBe('app.menu.info');
    expect(activeName(items, '/a/b/d')).toBe('app.menu.admin');
    expect(
      activeName([link('/a', { name: 'app.menu.home' }), link('/a', { name: 'app.menu.admin' })], '/a'),
    ).toBe('app.menu.home');
  });
});
