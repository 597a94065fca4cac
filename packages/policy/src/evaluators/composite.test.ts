import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { createFixedEvaluator, expectPolicyError, fail, pass } from '../../test/helpers.ts';
import type { PolicyConfig } from '../types.ts';

function setup() {
  const log: string[] = [];
  const engine = new PolicyEngine({ evaluators: [createFixedEvaluator(log)] });
  return { engine, log };
}

const composite = (
  children: PolicyConfig[],
  decisionStrategy?: string,
  extra: Record<string, unknown> = {},
): PolicyConfig => ({
  type: 'composite',
  ...(decisionStrategy ? { decisionStrategy } : {}),
  children,
  ...extra,
});

describe('composite policy', () => {
  it.each([
    // strategy, children, expected outcome, children evaluated (in order)
    [undefined, [pass('a'), pass('b')], true, ['a', 'b']],
    [undefined, [pass('a'), fail('b'), pass('c')], false, ['a', 'b']],
    ['unanimous', [pass('a'), pass('b'), pass('c')], true, ['a', 'b', 'c']],
    ['unanimous', [fail('a'), pass('b')], false, ['a']],
    ['unanimous', [pass('a')], true, ['a']],
    ['affirmative', [fail('a'), pass('b'), fail('c')], true, ['a', 'b']],
    ['affirmative', [fail('a'), fail('b')], false, ['a', 'b']],
    ['affirmative', [pass('a'), fail('b')], true, ['a']],
    ['consensus', [pass('a'), pass('b'), fail('c')], true, ['a', 'b', 'c']],
    ['consensus', [pass('a'), fail('b')], false, ['a', 'b']],
    ['consensus', [fail('a'), fail('b'), pass('c')], false, ['a', 'b', 'c']],
    ['consensus', [pass('a')], true, ['a']],
    ['consensus', [fail('a')], false, ['a']],
  ] as const)('%s of %j → %s', async (strategy, children, expected, evaluated) => {
    const { engine, log } = setup();
    await expect(engine.evaluate(composite([...children], strategy))).resolves.toBe(expected);
    expect(log).toEqual(evaluated);
  });

  it('inverts its own outcome', async () => {
    const { engine } = setup();
    await expect(engine.evaluate(composite([pass(), pass()], undefined, { invert: true }))).resolves.toBe(
      false,
    );
    await expect(engine.evaluate(composite([pass(), fail()], undefined, { invert: true }))).resolves.toBe(
      true,
    );
  });

  it('applies each child’s inversion', async () => {
    const { engine } = setup();
    await expect(engine.evaluate(composite([{ ...fail(), invert: true }]))).resolves.toBe(true);
    await expect(engine.evaluate(composite([{ ...pass(), invert: true }]))).resolves.toBe(false);
  });

  it('nests', async () => {
    const { engine, log } = setup();
    const policy = composite([
      composite([fail('a'), pass('b')], 'affirmative'),
      composite([pass('c'), pass('d')]),
    ]);
    await expect(engine.evaluate(policy)).resolves.toBe(true);
    expect(log).toEqual(['a', 'b', 'c', 'd']);
  });

  it('propagates a child’s error and stops', async () => {
    const { engine, log } = setup();
    const error = await expectPolicyError(
      engine.evaluate(composite([pass('a'), { type: 'nope' }, pass('c')])),
      PolicyErrorCode.EVALUATOR_NOT_FOUND,
    );
    expect(error.policy).toEqual({ type: 'nope' });
    expect(log).toEqual(['a']);
  });

  it('does not reach a broken child after the decision is made', async () => {
    const { engine } = setup();
    await expect(engine.evaluate(composite([pass(), { type: 'nope' }], 'affirmative'))).resolves.toBe(true);
    await expectPolicyError(
      engine.evaluate(composite([fail(), { type: 'nope' }], 'affirmative')),
      PolicyErrorCode.EVALUATOR_NOT_FOUND,
    );
  });

  it.each([
    ['no children', { type: 'composite' }, ['children']],
    ['an empty children array', { type: 'composite', children: [] }, ['children']],
    ['children that are not an array', { type: 'composite', children: { type: 'date' } }, ['children']],
    ['a child without type', { type: 'composite', children: [{}] }, ['children.0.type']],
    ['a child type of 2 characters', { type: 'composite', children: [{ type: 'ab' }] }, ['children.0.type']],
    [
      'an unknown decision strategy',
      { type: 'composite', decisionStrategy: 'majority', children: [pass()] },
      ['decisionStrategy'],
    ],
    ['a non-boolean invert', { type: 'composite', invert: 'yes', children: [pass()] }, ['invert']],
  ])('rejects %s', async (_label, config, paths) => {
    const { engine } = setup();
    await expectPolicyError(
      engine.evaluate(config as PolicyConfig),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      paths,
    );
  });

  it('accepts a child type of 3 characters (then looks its evaluator up)', async () => {
    const { engine } = setup();
    await expectPolicyError(
      engine.evaluate(composite([{ type: 'abc' }])),
      PolicyErrorCode.EVALUATOR_NOT_FOUND,
    );
  });
});
