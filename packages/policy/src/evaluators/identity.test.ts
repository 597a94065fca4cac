import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { expectPolicyError } from '../../test/helpers.ts';
import type { PolicyConfig, PolicyIdentity } from '../types.ts';

const engine = new PolicyEngine();
const user: PolicyIdentity = { type: 'user', id: 'u1' };
const robot: PolicyIdentity = { type: 'robot', id: 'r1' };

describe('identity policy', () => {
  it.each([
    ['no identity, no types', {}, undefined, false],
    ['no identity, types', { types: ['user'] }, undefined, false],
    ['a user, no types', {}, user, true],
    ['a user, empty types', { types: [] }, user, true],
    ['a user, null types', { types: null }, user, true],
    ['a user, types user', { types: ['user'] }, user, true],
    ['a robot, types user', { types: ['user'] }, robot, false],
    ['a robot, types user and robot', { types: ['user', 'robot'] }, robot, true],
  ])('%s → %s', async (_label, config, identity, expected) => {
    await expect(engine.evaluate({ type: 'identity', ...config }, { identity })).resolves.toBe(expected);
  });

  it('can be inverted', async () => {
    await expect(engine.evaluate({ type: 'identity', invert: true }, {})).resolves.toBe(true);
    await expect(engine.evaluate({ type: 'identity', invert: true }, { identity: user })).resolves.toBe(
      false,
    );
    await expect(
      engine.evaluate({ type: 'identity', types: ['robot'], invert: true }, { identity: user }),
    ).resolves.toBe(true);
  });

  it.each([
    ['a type of 2 characters', { types: ['ab'] }, ['types.0']],
    ['types that are not a list', { types: 'user' }, ['types']],
  ])('rejects %s', async (_label, config, paths) => {
    await expectPolicyError(
      engine.evaluate({ type: 'identity', ...config } as PolicyConfig, { identity: user }),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      paths,
    );
  });
});
