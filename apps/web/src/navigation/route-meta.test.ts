import { describe, expect, it } from 'vitest';
import { resolveRouteMeta } from './route-meta.ts';

describe('resolveRouteMeta', () => {
  it('defaults to the default navigation without requirements', () => {
    expect(resolveRouteMeta([undefined, null, 'x'])).toEqual({
      navigation: 'default',
      requireLoggedIn: false,
      requireLoggedOut: false,
      requirePermissions: [],
    });
  });

  it('lets the deepest route choose the navigation and keeps every permission list apart', () => {
    expect(
      resolveRouteMeta([
        { navigation: 'default' },
        { navigation: 'admin', requireLoggedIn: true },
        { requirePermissions: ['user_create', 'user_update'] },
        { requirePermissions: 'user_create' },
        {},
      ]),
    ).toEqual({
      navigation: 'admin',
      requireLoggedIn: true,
      requireLoggedOut: false,
      requirePermissions: [['user_create', 'user_update'], ['user_create']],
    });
  });
});
