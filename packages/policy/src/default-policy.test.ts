import { describe, expect, it } from 'vitest';
import { PermissionChecker } from './checker/checker.ts';
import { MemoryPermissionBindingProvider, MemoryPermissionProvider } from './checker/memory-provider.ts';
import { buildDefaultPolicy } from './default-policy.ts';
import { PolicyEngine } from './engine.ts';
import type { PermissionError } from './errors.ts';
import type { PolicyIdentity } from './types.ts';

const acme: PolicyIdentity = { type: 'user', id: 'u-acme', realmId: 'r-acme', realmName: 'acme' };
const admin: PolicyIdentity = { type: 'user', id: 'u-admin', realmId: 'r-master', realmName: 'master' };
const stranger: PolicyIdentity = { type: 'robot', id: 'b-acme', realmId: 'r-acme', realmName: 'acme' };

const policy = buildDefaultPolicy();
const engine = new PolicyEngine({
  permissionBindings: new MemoryPermissionBindingProvider([
    { identity: acme, permission: { name: 'user_update' } },
    { identity: admin, permission: { name: 'user_update' } },
  ]),
});
const checker = new PermissionChecker({
  engine,
  provider: new MemoryPermissionProvider([{ name: 'user_update', policy }]),
});

async function outcome(promise: Promise<void>): Promise<string> {
  try {
    await promise;
    return 'granted';
  } catch (error) {
    const { statusCode, policy: failed } = error as PermissionError;
    return `${statusCode} ${failed?.type ?? ''}`.trim();
  }
}

describe('buildDefaultPolicy', () => {
  it('is identity, non-strict realm_id match with master matching all, and permission binding', () => {
    expect(policy).toEqual({
      type: 'composite',
      decisionStrategy: 'unanimous',
      children: [
        { type: 'identity' },
        {
          type: 'realmMatch',
          attributeName: ['realm_id'],
          attributeNameStrict: false,
          identityMasterMatchAll: true,
        },
        { type: 'permissionBinding' },
      ],
    });
    expect(() => engine.validate(policy)).not.toThrow();
  });

  it('builds a new object on each call', () => {
    const other = buildDefaultPolicy();
    expect(other).not.toBe(policy);
    expect(other.children[0]).not.toBe(policy.children[0]);
  });

  it.each<[string, PolicyIdentity | undefined, Record<string, unknown>, string]>([
    ['own realm', acme, { id: 'x', realm_id: 'r-acme' }, 'granted'],
    ['another realm', acme, { id: 'x', realm_id: 'r-other' }, '403 realmMatch'],
    ['a global record', acme, { id: 'x', realm_id: null }, '403 realmMatch'],
    ['a record without realm', acme, { id: 'x' }, '403 realmMatch'],
    ['a link within the own realm', acme, { user_realm_id: 'r-acme', role_realm_id: 'r-acme' }, 'granted'],
    ['a link across realms', acme, { user_realm_id: 'r-acme', role_realm_id: 'r-other' }, '403 realmMatch'],
    ['master admin, another realm', admin, { id: 'x', realm_id: 'r-other' }, 'granted'],
    ['master admin, a global record', admin, { id: 'x', realm_id: null }, 'granted'],
    ['anonymous', undefined, { id: 'x', realm_id: 'r-acme' }, '401 identity'],
    ['own realm, permission not held', stranger, { id: 'x', realm_id: 'r-acme' }, '403 permissionBinding'],
  ])('check: %s → %s', async (_label, identity, attributes, expected) => {
    await expect(
      outcome(checker.check({ name: 'user_update', input: { identity, attributes } })),
    ).resolves.toBe(expected);
  });

  it.each<[string, PolicyIdentity | undefined, string]>([
    ['holder', acme, 'granted'],
    ['master admin', admin, 'granted'],
    ['anonymous', undefined, '401 identity'],
    ['not a holder', stranger, '403 permissionBinding'],
  ])('pre-check: %s → %s', async (_label, identity, expected) => {
    await expect(outcome(checker.preCheck({ name: 'user_update', input: { identity } }))).resolves.toBe(
      expected,
    );
  });
});
