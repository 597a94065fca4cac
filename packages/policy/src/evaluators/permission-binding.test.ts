import { describe, expect, it, vi } from 'vitest';
import { MemoryPermissionBindingProvider } from '../checker/memory-provider.ts';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { createFixedEvaluator, expectPolicyError, fail, pass } from '../../test/helpers.ts';
import type { PolicyIdentity, PolicyInput } from '../types.ts';
import type { PermissionBindingProvider } from './types.ts';

const alice: PolicyIdentity = { type: 'user', id: 'alice', realmId: 'r1' };
const bob: PolicyIdentity = { type: 'user', id: 'bob', realmId: 'r1' };
const binding = { type: 'permissionBinding' };
const input = (identity?: PolicyIdentity): PolicyInput => ({
  identity,
  permission: { name: 'user_update', realmId: null, clientId: null },
});

function engineWith(provider: PermissionBindingProvider) {
  return new PolicyEngine({ permissionBindings: provider, evaluators: [createFixedEvaluator()] });
}

describe('permissionBinding policy', () => {
  it.each([
    ['an identity that holds the permission', alice, true],
    ['an identity that does not', bob, false],
    ['no identity', undefined, false],
  ])('%s → %s', async (_label, identity, expected) => {
    const engine = engineWith(
      new MemoryPermissionBindingProvider([{ identity: alice, permission: { name: 'user_update' } }]),
    );
    await expect(engine.evaluate(binding, input(identity))).resolves.toBe(expected);
  });

  it('matches realm and client exactly', async () => {
    const engine = engineWith(
      new MemoryPermissionBindingProvider([
        { identity: alice, permission: { name: 'user_update', realmId: 'r1', clientId: null } },
      ]),
    );
    await expect(engine.evaluate(binding, input(alice))).resolves.toBe(false);
    await expect(
      engine.evaluate(binding, { identity: alice, permission: { name: 'user_update', realmId: 'r1' } }),
    ).resolves.toBe(true);
  });

  it('evaluates the bindings’ policies, one passing suffices', async () => {
    const cases = [
      [[fail(), pass()], true],
      [[fail(), fail()], false],
      [[fail(), null], true], // a binding without policy is unconditional
    ] as const;
    for (const [policies, expected] of cases) {
      const engine = engineWith(
        new MemoryPermissionBindingProvider(
          policies.map((policy) => ({ identity: alice, permission: { name: 'user_update' }, policy })),
        ),
      );
      await expect(engine.evaluate(binding, input(alice))).resolves.toBe(expected);
    }
  });

  it('treats a permissionBinding inside a binding’s policy as held, without asking again', async () => {
    const getBindings = vi.fn(() => [{ policy: { type: 'composite', children: [binding, pass()] } }]);
    const engine = engineWith({ getBindings });
    await expect(engine.evaluate(binding, input(alice))).resolves.toBe(true);
    expect(getBindings).toHaveBeenCalledTimes(1);
    expect(getBindings).toHaveBeenCalledWith(alice, input().permission);
  });

  it('accepts an asynchronous provider', async () => {
    const engine = engineWith({ getBindings: async () => [{}] });
    await expect(engine.evaluate(binding, input(alice))).resolves.toBe(true);
  });

  it('lets a provider’s own error through unchanged', async () => {
    const failure = new Error('database unavailable');
    const engine = engineWith({
      getBindings: () => {
        throw failure;
      },
    });
    await expect(engine.evaluate(binding, input(alice))).rejects.toBe(failure);
  });

  it('can be inverted', async () => {
    const engine = engineWith(new MemoryPermissionBindingProvider([]));
    await expect(engine.evaluate({ ...binding, invert: true }, input(alice))).resolves.toBe(true);
  });

  it('needs the permission in the input', async () => {
    const engine = engineWith(new MemoryPermissionBindingProvider([]));
    await expectPolicyError(
      engine.evaluate(binding, { identity: alice }),
      PolicyErrorCode.EVALUATOR_CONTEXT_INVALID,
      ['permission'],
    );
  });

  it('cannot be processed without a provider', async () => {
    await expectPolicyError(
      new PolicyEngine().evaluate(binding, input(alice)),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      ['type'],
    );
  });
});
