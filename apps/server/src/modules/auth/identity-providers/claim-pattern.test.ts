import { describe, expect, it } from 'vitest';
import { claimMatches } from './claim-pattern.ts';

const claims = {
  sub: 'u-1',
  email_verified: true,
  level: 3,
  groups: ['hub-admins', 'hub-users', 'staff'],
  realm_access: { roles: ['offline_access', 'analyst'] },
  resource_access: { hub: { roles: ['node-admin'] }, storage: { roles: ['reader'] } },
  profile: { department: 'Oncology' },
  nested: [{ name: 'alpha' }, { name: 'beta' }],
};

describe('claimMatches', () => {
  it.each([
    ['sub', 'u-1', false, true],
    ['sub', 'u-2', false, false],
    ['email_verified', 'true', false, true],
    ['level', '3', false, true],
    ['groups', 'staff', false, true],
    ['groups', 'hub', false, false],
    ['groups.*', 'hub-users', false, true],
    ['realm_access.roles.*', 'analyst', false, true],
    ['realm_access.roles', 'analyst', false, true],
    ['resource_access.*.roles.*', 'reader', false, true],
    ['resource_access.*.roles', 'node-admin', false, true],
    ['profile.department', 'oncology', false, false],
    ['profile.department', '^onco', true, true],
    ['groups', '^hub-', true, true],
    ['groups', '^ops-', true, false],
    ['nested.*.name', 'beta', false, true],
    ['nested.name', 'beta', false, false],
    ['profile', 'Oncology', false, false],
    ['missing.path', 'x', false, false],
    ['groups', '(unclosed', true, false],
  ])('%s %s (regex: %s) -> %s', (path, value, isRegex, expected) => {
    expect(claimMatches(claims, path, value, isRegex)).toBe(expected);
  });

  it('does not walk into prototype properties', () => {
    expect(claimMatches({}, 'constructor.name', 'Object', false)).toBe(false);
  });
});
