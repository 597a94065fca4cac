import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { expectPolicyError } from '../../test/helpers.ts';
import type { PolicyConfig } from '../types.ts';

const engine = new PolicyEngine();
const query = (q: unknown, extra: Record<string, unknown> = {}): PolicyConfig => ({
  type: 'attributes',
  query: q,
  ...extra,
});

const record = {
  name: 'Admin-Tools',
  realm_id: 'r1',
  size: 5,
  tags: ['a', 'b'],
  owner: { type: 'user', id: 'u1' },
  deleted_at: null,
};

describe('attributes policy', () => {
  it.each([
    ['equality', { realm_id: 'r1' }, true],
    ['equality is case-sensitive', { name: 'admin-tools' }, false],
    ['$ne', { realm_id: { $ne: 'r1' } }, false],
    ['$in', { realm_id: { $in: ['r1', 'r2'] } }, true],
    ['$nin', { realm_id: { $nin: ['r1'] } }, false],
    ['$gt / $lte', { size: { $gt: 4, $lte: 5 } }, true],
    ['$lt', { size: { $lt: 5 } }, false],
    ['$all', { tags: { $all: ['a', 'b'] } }, true],
    ['$size', { tags: { $size: 3 } }, false],
    ['an array containing a value', { tags: 'b' }, true],
    ['$exists', { realm_id: { $exists: true }, missing: { $exists: false } }, true],
    ['a dot path', { 'owner.type': 'user' }, true],
    ['$elemMatch', { tags: { $elemMatch: { $eq: 'c' } } }, false],
    ['$or', { $or: [{ realm_id: 'x' }, { size: 5 }] }, true],
    ['$and', { $and: [{ realm_id: 'r1' }, { size: 6 }] }, false],
    ['$nor', { $nor: [{ realm_id: 'x' }] }, true],
    ['$not', { size: { $not: { $gt: 3 } } }, false],
    ['null equality', { deleted_at: null }, true],
    ['a /pattern/flags regex string', { name: { $regex: '/^admin/i' } }, true],
    ['a /pattern/ regex string without flags', { name: { $regex: '/^Admin-/' } }, true],
    ['a /pattern/ regex string is case-sensitive without i', { name: { $regex: '/^admin/' } }, false],
    ['a plain regex string', { name: { $regex: '^Admin' } }, true],
    ['a regex in a nested operator', { $or: [{ name: { $regex: '/tools$/i' } }] }, true],
    ['an empty query', {}, true],
  ])('%s: %j → %s', async (_label, q, expected) => {
    await expect(engine.evaluate(query(q), { attributes: record })).resolves.toBe(expected);
  });

  it('does not change the stored query', async () => {
    const config = query({ name: { $regex: '/^admin/i' } });
    await engine.evaluate(config, { attributes: record });
    expect(config).toEqual({ type: 'attributes', query: { name: { $regex: '/^admin/i' } } });
  });

  it('can be inverted', async () => {
    await expect(
      engine.evaluate(query({ realm_id: 'r1' }, { invert: true }), { attributes: record }),
    ).resolves.toBe(false);
    await expect(
      engine.evaluate(query({ realm_id: 'r2' }, { invert: true }), { attributes: record }),
    ).resolves.toBe(true);
  });

  it('never grants through an unknown operator, inverted or not', async () => {
    for (const invert of [false, true]) {
      await expectPolicyError(
        engine.evaluate(query({ name: { $unknownOp: 'x' } }, { invert }), { attributes: record }),
        PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
        ['query'],
      );
    }
  });

  it('needs input attributes', async () => {
    await expectPolicyError(
      engine.evaluate(query({ realm_id: 'r1' }), {}),
      PolicyErrorCode.EVALUATOR_CONTEXT_INVALID,
      ['attributes'],
    );
  });

  it.each([
    ['no query', undefined],
    ['a query that is not an object', 'realm_id = 1'],
    ['a query that is an array', [{ realm_id: 'r1' }]],
    ['an operator with a wrong value', { realm_id: { $in: 'r1' } }],
    ['an invalid regular expression', { name: { $regex: '/(/' } }],
    ['an invalid regex flag', { name: { $regex: '/a/q' } }],
    ['an empty $or', { $or: [] }],
    ['an unknown top-level operator', { $foo: 1 }],
    ['an unknown field operator', { name: { $unknownOp: 'x' } }],
    ['an unknown operator nested in $or', { $or: [{ size: { $between: [1, 9] } }] }],
  ])('rejects %s', async (_label, q) => {
    await expectPolicyError(
      engine.evaluate(query(q), { attributes: record }),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      ['query'],
    );
  });
});
