import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { expectPolicyError } from '../../test/helpers.ts';
import type { PolicyConfig } from '../types.ts';

const engine = new PolicyEngine();
const allow = (names: unknown, extra: Record<string, unknown> = {}): PolicyConfig => ({
  type: 'attributeNames',
  names,
  ...extra,
});

describe('attributeNames policy', () => {
  const names = ['name', 'display_name', 'profile.city', 'tags', 'created_at'];

  it.each([
    ['only listed names', { name: 'a', display_name: 'b' }, true],
    ['no attributes at all', {}, true],
    ['one name not listed', { name: 'a', realm_id: 'r' }, false],
    ['a nested name listed as dot path', { profile: { city: 'Bonn' } }, true],
    ['a nested name not listed', { profile: { city: 'Bonn', street: 'x' } }, false],
    ['a parent name instead of its dot path', { display_name: { first: 'a' } }, false],
    ['an array, which is a value', { tags: ['a', 'b'] }, true],
    ['a date, which is a value', { created_at: new Date() }, true],
    ['an empty object under an unlisted name', { secret: {} }, false],
    ['null under a listed name', { name: null }, true],
    ['a prefix of a listed name', { display: 'x' }, false],
  ])('%s → %s', async (_label, attributes, expected) => {
    await expect(engine.evaluate(allow(names), { attributes })).resolves.toBe(expected);
  });

  it('can be inverted', async () => {
    await expect(
      engine.evaluate(allow(['name'], { invert: true }), { attributes: { name: 'a' } }),
    ).resolves.toBe(false);
    await expect(
      engine.evaluate(allow(['name'], { invert: true }), { attributes: { id: 'a' } }),
    ).resolves.toBe(true);
  });

  it('needs input attributes', async () => {
    const error = await expectPolicyError(
      engine.evaluate(allow(['name']), { identity: { type: 'user', id: 'u' } }),
      PolicyErrorCode.EVALUATOR_CONTEXT_INVALID,
      ['attributes'],
    );
    expect(error.message).toBe('The evaluator context is not valid.');
  });

  it.each([['names of 3 and 128 characters', ['abc', 'x'.repeat(128)]]])(
    'accepts %s',
    async (_label, list) => {
      await expect(engine.evaluate(allow(list), { attributes: { abc: 1 } })).resolves.toBe(true);
    },
  );

  it.each([
    ['a name of 2 characters', ['ab'], ['names.0']],
    ['a name of 129 characters', ['abc', 'x'.repeat(129)], ['names.1']],
    ['an empty list', [], ['names']],
    ['no list', undefined, ['names']],
    ['a non-string name', [42], ['names.0']],
  ])('rejects %s', async (_label, list, paths) => {
    await expectPolicyError(
      engine.evaluate(allow(list), { attributes: {} }),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      paths,
    );
  });
});
