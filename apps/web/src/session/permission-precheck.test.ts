import { describe, expect, it } from 'vitest';
import { grantedPermissions, hasPolicies } from './permission-precheck.ts';
import type { HeldPermission } from './types.ts';

const identity = { type: 'user', id: 'user-1', realmId: 'realm-1', realmName: 'acme' };
const held = (name: string, policy?: HeldPermission['policy']): HeldPermission => ({
  name,
  realm_id: null,
  client_id: null,
  ...(policy ? { policy } : {}),
});
const names = async (permissions: HeldPermission[], at: string) =>
  (await grantedPermissions(permissions, identity, new Date(at))).map((permission) => permission.name);

// A date window evaluated in any time zone: the 10th to the 20th of March 2030.
const march = { type: 'date', start: '2030-03-10', end: '2030-03-20' };

describe('grantedPermissions (pre-check of held permissions)', () => {
  it('grants a permission without a policy', async () => {
    expect(await names([held('user_read')], '2030-01-01T12:00:00Z')).toEqual(['user_read']);
  });

  it('grants a permission whose policy passes now and withholds it otherwise', async () => {
    const permissions = [held('user_read'), held('report_read', march)];
    expect(await names(permissions, '2030-03-15T12:00:00Z')).toEqual(['user_read', 'report_read']);
    expect(await names(permissions, '2030-04-15T12:00:00Z')).toEqual(['user_read']);
  });

  it('honours inversion', async () => {
    const outsideMarch = { ...march, invert: true };
    expect(await names([held('report_read', outsideMarch)], '2030-04-15T12:00:00Z')).toEqual(['report_read']);
    expect(await names([held('report_read', outsideMarch)], '2030-03-15T12:00:00Z')).toEqual([]);
  });

  it('skips what depends on a record, as the server does before one is known', async () => {
    const realmBound = {
      type: 'composite',
      children: [
        { type: 'realmMatch' },
        { type: 'attributes', query: { realm_id: 'other' } },
        { type: 'identity', types: ['user'] },
        { type: 'permissionBinding' },
      ],
    };
    expect(await names([held('project_update', realmBound)], '2030-01-01T12:00:00Z')).toEqual([
      'project_update',
    ]);
  });

  it('withholds a permission for another kind of identity or with a broken policy', async () => {
    const robotsOnly = { type: 'identity', types: ['robot'] };
    const broken = { type: 'time', start: '25:99' };
    expect(await names([held('a_read', robotsOnly), held('b_read', broken)], '2030-01-01T12:00:00Z')).toEqual(
      [],
    );
  });

  it('tells whether any permission carries a policy', () => {
    expect(hasPolicies([held('user_read')])).toBe(false);
    expect(hasPolicies([held('user_read'), held('report_read', march)])).toBe(true);
  });
});
