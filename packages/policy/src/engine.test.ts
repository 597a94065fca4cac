import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PRE_CHECK_EXCLUDED_POLICY_TYPES } from './constants.ts';
import { PolicyEngine } from './engine.ts';
import { PolicyError, PolicyErrorCode } from './errors.ts';
import { defineEvaluator } from './evaluators/types.ts';
import { createFixedEvaluator, expectPolicyError, fail, pass } from '../test/helpers.ts';
import type { PolicyConfig, PolicyInput } from './types.ts';

const engine = new PolicyEngine({ evaluators: [createFixedEvaluator()] });
const user = { type: 'user', id: 'u1', realmId: 'r1', realmName: 'acme' };

describe('PolicyEngine: errors', () => {
  it('reports an unknown type as policy_evaluator_not_found', async () => {
    const error = await expectPolicyError(
      engine.evaluate({ type: 'magic' }),
      PolicyErrorCode.EVALUATOR_NOT_FOUND,
    );
    expect(error.message).toBe('No evaluator is registered to handle the policy: magic');
    expect(error.policy).toEqual({ type: 'magic' });
    expect(error.toJSON()).toEqual({
      statusCode: 400,
      code: 'policy_evaluator_not_found',
      message: 'No evaluator is registered to handle the policy: magic',
    });
  });

  it.each([
    ['not an object', 'identity'],
    ['null', null],
    ['without type', { invert: true }],
    ['with a non-string type', { type: 7 }],
  ])('reports a configuration %s as policy_evaluator_not_processable', async (_label, config) => {
    const error = await expectPolicyError(
      engine.evaluate(config as unknown as PolicyConfig),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      ['type'],
    );
    expect(error.message).toBe('The evaluator can not process the policy.');
  });

  it('names the invalid (sub-)policy', async () => {
    const broken = { type: 'time', dayOfWeek: 9 };
    const error = await expectPolicyError(
      engine.evaluate({ type: 'composite', children: [pass(), broken] }),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      ['dayOfWeek'],
    );
    expect(error.policy).toBe(broken);
  });

  it.each<[string, unknown, string[]]>([
    ['an input that is not an object', 'x', ['']],
    ['an identity without type and id', { identity: {} }, ['identity.type', 'identity.id']],
    ['an identity with a numeric realm id', { identity: { ...user, realmId: 5 } }, ['identity.realmId']],
    ['attributes that are an array', { attributes: [] }, ['attributes']],
    ['a permission without name', { permission: {} }, ['permission.name']],
    ['an invalid dateTime', { dateTime: 'someday' }, ['dateTime']],
    ['an invalid Date', { dateTime: new Date(Number.NaN) }, ['dateTime']],
  ])('reports %s as policy_evaluator_context_invalid', async (_label, input, paths) => {
    await expectPolicyError(
      engine.evaluate(pass(), input as PolicyInput),
      PolicyErrorCode.EVALUATOR_CONTEXT_INVALID,
      paths,
    );
  });

  it('lets non-policy errors of an evaluator through unchanged', async () => {
    const failure = new TypeError('bug');
    const broken = defineEvaluator({
      type: 'broken',
      schema: z.object({ type: z.literal('broken') }),
      prepare: () => ({ success: true, data: {} }),
      evaluate: () => {
        throw failure;
      },
    });
    await expect(new PolicyEngine({ evaluators: [broken] }).evaluate({ type: 'broken' })).rejects.toBe(
      failure,
    );
  });
});

describe('PolicyEngine: include and exclude', () => {
  const record = { identity: user };

  it('skips an excluded policy: it passes', async () => {
    await expect(engine.evaluate(fail(), record, { exclude: ['fixed'] })).resolves.toBe(true);
  });

  it('passes an excluded policy even when it is inverted (the original failed it)', async () => {
    await expect(engine.evaluate({ ...pass(), invert: true }, record, { exclude: ['fixed'] })).resolves.toBe(
      true,
    );
    await expect(engine.evaluate({ ...fail(), invert: true }, record, { exclude: ['fixed'] })).resolves.toBe(
      true,
    );
    // Not skipped, the same inverted policy still fails.
    await expect(engine.evaluate({ ...pass(), invert: true }, record)).resolves.toBe(false);
  });

  it('skips types not included', async () => {
    await expect(engine.evaluate(fail(), record, { include: ['identity'] })).resolves.toBe(true);
    await expect(engine.evaluate(fail(), record, { include: ['fixed'] })).resolves.toBe(false);
    await expect(engine.evaluate(fail(), record, { include: [] })).resolves.toBe(false);
  });

  it('applies to composite children, and skips unknown excluded types', async () => {
    const policy = { type: 'composite', children: [{ type: 'identity' }, fail(), { type: 'unknown' }] };
    await expect(engine.evaluate(policy, record, { exclude: ['fixed', 'unknown'] })).resolves.toBe(true);
    await expect(engine.evaluate(policy, record, { include: ['composite', 'identity'] })).resolves.toBe(true);
    await expect(engine.evaluate(policy, record, { include: ['identity'] })).resolves.toBe(true);
  });

  it('skips an invalid configuration of an excluded type without validating it', async () => {
    await expect(
      engine.evaluate({ type: 'realmMatch', attributeName: 1 }, {}, { exclude: ['realmMatch'] }),
    ).resolves.toBe(true);
  });

  it('pre-check exclusions skip attributes, attributeNames and realmMatch, which need a record', async () => {
    expect([...PRE_CHECK_EXCLUDED_POLICY_TYPES].sort()).toEqual([
      'attributeNames',
      'attributes',
      'realmMatch',
    ]);
    const policy = {
      type: 'composite',
      children: [
        { type: 'identity' },
        { type: 'attributes', query: { realm_id: 'r1' } },
        { type: 'attributeNames', names: ['name'] },
        { type: 'realmMatch' },
      ],
    };
    await expect(engine.evaluate(policy, record, { exclude: PRE_CHECK_EXCLUDED_POLICY_TYPES })).resolves.toBe(
      true,
    );
    await expect(engine.evaluate(policy, {}, { exclude: PRE_CHECK_EXCLUDED_POLICY_TYPES })).resolves.toBe(
      false,
    );
    await expectPolicyError(engine.evaluate(policy, record), PolicyErrorCode.EVALUATOR_CONTEXT_INVALID);
  });
});

describe('PolicyEngine: decide', () => {
  it.each<[string, PolicyConfig, string | undefined]>([
    ['a passing policy', pass(), undefined],
    ['a failing leaf', fail('a'), 'a'],
    [
      'the first failing child of a unanimous composite',
      { type: 'composite', children: [pass('a'), fail('b'), fail('c')] },
      'b',
    ],
    [
      'the failing child of a nested composite',
      { type: 'composite', children: [{ type: 'composite', children: [pass('a'), fail('b')] }, pass('c')] },
      'b',
    ],
    [
      'not a child of an affirmative composite that passed',
      {
        type: 'composite',
        children: [
          { type: 'composite', decisionStrategy: 'affirmative', children: [fail('a'), pass('b')] },
          fail('c'),
        ],
      },
      'c',
    ],
    ['an inverted leaf that passed', { ...pass('a'), invert: true }, 'a'],
  ])('names %s', async (_label, policy, failedLabel) => {
    const decision = await engine.decide(policy);
    expect(decision.granted).toBe(failedLabel === undefined);
    expect(decision.failedPolicy?.label).toBe(failedLabel);
  });

  it('names an inverted composite whose children passed', async () => {
    const policy = {
      type: 'composite',
      invert: true,
      children: [fail('a'), pass('b')],
      decisionStrategy: 'affirmative',
    };
    const decision = await engine.decide(policy);
    expect(decision).toEqual({ granted: false, failedPolicy: policy });
  });
});

describe('PolicyEngine: validate', () => {
  it('accepts a valid tree', () => {
    expect(() =>
      engine.validate({
        type: 'composite',
        children: [
          { type: 'time', start: '08:00' },
          { type: 'composite', children: [{ type: 'identity' }] },
        ],
      }),
    ).not.toThrow();
  });

  it('reports every issue of the tree with its path', () => {
    let caught: unknown;
    try {
      engine.validate({
        type: 'composite',
        decisionStrategy: 'most',
        children: [
          { type: 'time', dayOfWeek: 7 },
          { type: 'composite', children: [{ type: 'date', start: '2024-02-30' }, { type: 'nothing' }] },
        ],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PolicyError);
    expect((caught as PolicyError).code).toBe(PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE);
    expect((caught as PolicyError).issues.map((issue) => issue.path)).toEqual(['decisionStrategy']);

    try {
      engine.validate({
        type: 'composite',
        children: [
          { type: 'time', dayOfWeek: 7 },
          { type: 'composite', children: [{ type: 'date', start: '2024-02-30' }, { type: 'nothing' }] },
        ],
      });
    } catch (error) {
      caught = error;
    }
    expect((caught as PolicyError).issues.map((issue) => issue.path)).toEqual([
      'children.0.dayOfWeek',
      'children.1.children.0.start',
      'children.1.children.1.type',
    ]);
  });

  it('reports an unknown top-level type as policy_evaluator_not_found', () => {
    expect(() => engine.validate({ type: 'nothing' })).toThrow(
      expect.objectContaining({ code: PolicyErrorCode.EVALUATOR_NOT_FOUND }),
    );
  });
});

describe('PolicyEngine: setup', () => {
  it('rejects an unknown time zone', () => {
    expect(() => new PolicyEngine({ timeZone: 'Nowhere/City' })).toThrow(RangeError);
  });

  it('registers custom evaluators, replacing a built-in of the same type', async () => {
    const alwaysIdentity = defineEvaluator({
      type: 'identity',
      schema: z.object({ type: z.literal('identity') }),
      prepare: () => ({ success: true, data: {} }),
      evaluate: () => true,
    });
    const custom = new PolicyEngine({ evaluators: [alwaysIdentity] });
    expect(custom.has('identity')).toBe(true);
    await expect(custom.evaluate({ type: 'identity' }, {})).resolves.toBe(true);
    await expect(new PolicyEngine().evaluate({ type: 'identity' }, {})).resolves.toBe(false);
  });

  it('validates a configuration object once and reuses the result', async () => {
    let parses = 0;
    const counted = defineEvaluator({
      type: 'counted',
      schema: z.object({ type: z.literal('counted') }).transform((value) => {
        parses += 1;
        return value;
      }),
      prepare: (config) => ({ success: true, data: config }),
      evaluate: () => true,
    });
    const custom = new PolicyEngine({ evaluators: [counted] });
    const config = { type: 'counted' };
    await custom.evaluate(config);
    await custom.evaluate(config);
    expect(parses).toBe(1);
    await custom.evaluate({ type: 'counted' });
    expect(parses).toBe(2);
  });
});
