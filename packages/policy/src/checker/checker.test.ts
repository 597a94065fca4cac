import { describe, expect, it, vi } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PermissionError, PermissionErrorCode, PolicyError, PolicyErrorCode } from '../errors.ts';
import { createFixedEvaluator, fail, pass } from '../../test/helpers.ts';
import type { PolicyConfig } from '../types.ts';
import { PermissionChecker } from './checker.ts';
import { MemoryPermissionBindingProvider, MemoryPermissionProvider } from './memory-provider.ts';
import type { PermissionItem, PermissionProvider } from './types.ts';

const user = { type: 'user', id: 'u1', realmId: 'r1', realmName: 'acme' };

function checkerWith(items: PermissionItem[], log: string[] = []) {
  const engine = new PolicyEngine({ evaluators: [createFixedEvaluator(log)] });
  return new PermissionChecker({ provider: new MemoryPermissionProvider(items), engine });
}

/** Awaits a rejection and checks it is a PermissionError with code, status and message. */
async function expectPermissionError(
  promise: Promise<unknown>,
  expected: { code: string; statusCode: number; message: string },
): Promise<PermissionError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PermissionError);
  expect((error as PermissionError).toJSON()).toEqual(expected);
  return error as PermissionError;
}

const notFound = (name: string) => ({
  code: PermissionErrorCode.NOT_FOUND,
  statusCode: 403,
  message: `The permission ${name} was not found.`,
});
const evaluationFailed = (name: string, statusCode = 403) => ({
  code: PermissionErrorCode.EVALUATION_FAILED,
  statusCode,
  message: `The evaluation of permission ${name} failed.`,
});
const noneGranted = (names: string) => ({
  code: PermissionErrorCode.DENIED,
  statusCode: 403,
  message: `None of the permissions ${names} has been granted.`,
});

const items: PermissionItem[] = [
  { name: 'open' },
  { name: 'granted', policy: pass('granted') },
  { name: 'denied', policy: fail('denied') },
  { name: 'denied_too', policy: fail('denied_too') },
  { name: 'users_only', policy: { type: 'identity', types: ['user'] } },
  { name: 'broken', policy: { type: 'time', dayOfWeek: 7 } },
];

describe('PermissionChecker: one permission', () => {
  it.each([
    ['no policy', 'open'],
    ['a policy that passes', 'granted'],
  ])('grants a permission with %s', async (_label, name) => {
    await expect(checkerWith(items).check({ name })).resolves.toBeUndefined();
  });

  it('grants a permission without policy to anonymous callers', async () => {
    await expect(checkerWith(items).check({ name: 'open', input: {} })).resolves.toBeUndefined();
  });

  it('reports an unknown permission as permission_not_found (403)', async () => {
    await expectPermissionError(checkerWith(items).check({ name: 'missing' }), notFound('missing'));
  });

  it('reports a failing policy as permission_evaluation_failed (403) and names it', async () => {
    const error = await expectPermissionError(
      checkerWith(items).check({ name: 'denied' }),
      evaluationFailed('denied'),
    );
    expect(error.policy).toEqual(fail('denied'));
    expect(error.policyError).toBeUndefined();
    expect(error.permissions).toEqual(['denied']);
  });

  it('answers 401 when the failing policy is an identity policy', async () => {
    const checker = checkerWith(items);
    await expectPermissionError(
      checker.check({ name: 'users_only', input: {} }),
      evaluationFailed('users_only', 401),
    );
    await expectPermissionError(
      checker.check({ name: 'users_only', input: { identity: { type: 'robot', id: 'r' } } }),
      evaluationFailed('users_only', 401),
    );
    await expect(checker.check({ name: 'users_only', input: { identity: user } })).resolves.toBeUndefined();
  });

  it('answers 401 for an identity policy failing inside a composite', async () => {
    const checker = checkerWith([
      { name: 'nested', policy: { type: 'composite', children: [pass(), { type: 'identity' }, fail()] } },
    ]);
    const error = await expectPermissionError(
      checker.check({ name: 'nested', input: {} }),
      evaluationFailed('nested', 401),
    );
    expect(error.policy).toEqual({ type: 'identity' });
  });

  it('answers 403 when an inverted identity policy fails', async () => {
    const checker = checkerWith([{ name: 'anonymous_only', policy: { type: 'identity', invert: true } }]);
    await expectPermissionError(
      checker.check({ name: 'anonymous_only', input: { identity: user } }),
      evaluationFailed('anonymous_only', 403),
    );
  });

  it('reports a policy error as permission_evaluation_failed and keeps it', async () => {
    const error = await expectPermissionError(
      checkerWith(items).check({ name: 'broken' }),
      evaluationFailed('broken'),
    );
    expect(error.policyError).toBeInstanceOf(PolicyError);
    expect(error.policyError?.code).toBe(PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE);
    expect(error.cause).toBe(error.policyError);
  });

  it('reports an invalid input as permission_evaluation_failed with policy_evaluator_context_invalid', async () => {
    const error = await expectPermissionError(
      checkerWith(items).check({ name: 'granted', input: { dateTime: 'never' } }),
      evaluationFailed('granted'),
    );
    expect(error.policyError?.code).toBe(PolicyErrorCode.EVALUATOR_CONTEXT_INVALID);
  });

  it('lets a provider’s own error through unchanged', async () => {
    const failure = new Error('database unavailable');
    const provider: PermissionProvider = {
      get: () => Promise.reject(failure),
    };
    await expect(new PermissionChecker({ provider }).check({ name: 'x' })).rejects.toBe(failure);
  });

  it('rejects an empty list of names', async () => {
    await expect(checkerWith(items).check({ name: [] })).rejects.toThrow(TypeError);
  });
});

describe('PermissionChecker: several permissions', () => {
  it.each<[string, string[], string | undefined, object | undefined, string[]]>([
    // strategy, names, expected error (undefined = granted), evaluated policies
    ['unanimous', ['granted', 'open'], undefined, undefined, ['granted']],
    [
      'unanimous',
      ['granted', 'denied', 'denied_too'],
      'denied',
      evaluationFailed('denied'),
      ['granted', 'denied'],
    ],
    ['unanimous', ['missing', 'granted'], 'missing', notFound('missing'), []],
    [
      'affirmative',
      ['missing', 'denied', 'granted', 'denied_too'],
      undefined,
      undefined,
      ['denied', 'granted'],
    ],
    [
      'affirmative',
      ['denied', 'denied_too'],
      'none',
      noneGranted('denied, denied_too'),
      ['denied', 'denied_too'],
    ],
    ['affirmative', ['missing', 'denied'], 'none', noneGranted('missing, denied'), ['denied']],
    ['affirmative', ['denied'], 'denied', evaluationFailed('denied'), ['denied']],
    ['affirmative', ['missing'], 'missing', notFound('missing'), []],
    ['consensus', ['granted', 'open', 'denied'], undefined, undefined, ['granted', 'denied']],
    ['consensus', ['granted', 'denied'], 'none', noneGranted('granted, denied'), ['granted', 'denied']],
    [
      'consensus',
      ['missing', 'denied', 'granted'],
      'none',
      noneGranted('missing, denied, granted'),
      ['denied', 'granted'],
    ],
    ['consensus', ['denied'], 'denied', evaluationFailed('denied'), ['denied']],
  ])('%s of %j', async (decisionStrategy, names, _label, expected, evaluated) => {
    const log: string[] = [];
    const promise = checkerWith(items, log).check({
      name: names,
      options: { decisionStrategy: decisionStrategy as 'unanimous' },
    });
    if (expected) await expectPermissionError(promise, expected as never);
    else await expect(promise).resolves.toBeUndefined();
    expect(log).toEqual(evaluated);
  });

  it('defaults to unanimous', async () => {
    await expectPermissionError(
      checkerWith(items).check({ name: ['granted', 'denied'] }),
      evaluationFailed('denied'),
    );
  });

  it('checkOneOf needs one of them', async () => {
    const checker = checkerWith(items);
    await expect(checker.checkOneOf({ name: ['denied', 'granted'] })).resolves.toBeUndefined();
    await expectPermissionError(
      checker.checkOneOf({ name: ['denied', 'missing'] }),
      noneGranted('denied, missing'),
    );
  });

  it('prefers a 401 failure over permission_denied, so the caller can authenticate', async () => {
    await expectPermissionError(
      checkerWith(items).checkOneOf({ name: ['denied', 'users_only'], input: {} }),
      evaluationFailed('users_only', 401),
    );
  });
});

describe('PermissionChecker: pre-check', () => {
  const recordPolicy: PolicyConfig = {
    type: 'composite',
    children: [
      { type: 'identity' },
      { type: 'attributes', query: { realm_id: 'r1' } },
      { type: 'attributeNames', names: ['name', 'realm_id'] },
      { type: 'realmMatch', attributeName: 'realm_id' },
    ],
  };
  const checker = checkerWith([...items, { name: 'record', policy: recordPolicy }]);

  it('skips attributes, attributeNames and realmMatch before the record exists', async () => {
    await expect(checker.preCheck({ name: 'record', input: { identity: user } })).resolves.toBeUndefined();
    const error = await expectPermissionError(
      checker.check({ name: 'record', input: { identity: user } }),
      evaluationFailed('record'),
    );
    expect(error.policyError?.code).toBe(PolicyErrorCode.EVALUATOR_CONTEXT_INVALID);
  });

  it('still evaluates the other policies', async () => {
    await expectPermissionError(
      checker.preCheck({ name: 'record', input: {} }),
      evaluationFailed('record', 401),
    );
    await expectPermissionError(checker.preCheck({ name: 'denied' }), evaluationFailed('denied'));
  });

  it('checks the full policy once the record exists', async () => {
    await expect(
      checker.check({ name: 'record', input: { identity: user, attributes: { name: 'x', realm_id: 'r1' } } }),
    ).resolves.toBeUndefined();
    await expectPermissionError(
      checker.check({ name: 'record', input: { identity: user, attributes: { name: 'x', realm_id: 'r2' } } }),
      evaluationFailed('record'),
    );
    await expectPermissionError(
      checker.check({
        name: 'record',
        input: { identity: user, attributes: { secret: 'x', realm_id: 'r1' } },
      }),
      evaluationFailed('record'),
    );
  });

  it('keeps the caller’s exclusions', async () => {
    await expect(
      checker.preCheck({ name: 'record', input: {}, options: { policiesExcluded: ['identity'] } }),
    ).resolves.toBeUndefined();
  });

  it('preCheckOneOf needs one of them', async () => {
    await expect(
      checker.preCheckOneOf({ name: ['denied', 'record'], input: { identity: user } }),
    ).resolves.toBeUndefined();
    await expectPermissionError(
      checker.preCheckOneOf({ name: ['denied', 'missing'], input: { identity: user } }),
      noneGranted('denied, missing'),
    );
  });

  it('restricts evaluation to policiesIncluded', async () => {
    await expect(
      checker.check({
        name: 'record',
        input: {},
        options: { policiesIncluded: ['composite', 'attributes'] },
      }),
    ).rejects.toMatchObject({ policyError: { code: PolicyErrorCode.EVALUATOR_CONTEXT_INVALID } });
    await expect(
      checker.check({ name: 'denied', options: { policiesIncluded: ['identity'] } }),
    ).resolves.toBeUndefined();
  });
});

describe('PermissionChecker: lookup', () => {
  it('looks permissions up in its realm and client and hands the permission to the policy', async () => {
    const get = vi.fn(() => ({
      name: 'node_update',
      realmId: 'r1',
      clientId: 'c1',
      policy: { type: 'permissionBinding' },
    }));
    const getBindings = vi.fn(() => [{}]);
    const checker = new PermissionChecker({
      provider: { get },
      engine: new PolicyEngine({ permissionBindings: { getBindings } }),
      realmId: 'r1',
      clientId: 'c1',
    });
    await checker.check({ name: 'node_update', input: { identity: user } });
    expect(get).toHaveBeenCalledWith({ name: 'node_update', realmId: 'r1', clientId: 'c1' });
    expect(getBindings).toHaveBeenCalledWith(user, { name: 'node_update', realmId: 'r1', clientId: 'c1' });
  });

  it('looks global permissions up by default', async () => {
    const checker = new PermissionChecker({
      provider: new MemoryPermissionProvider([{ name: 'a', realmId: 'r1' }, { name: 'b' }]),
    });
    await expectPermissionError(checker.check({ name: 'a' }), notFound('a'));
    await expect(checker.check({ name: 'b' })).resolves.toBeUndefined();
  });
});

describe('PermissionChecker: merged permissions', () => {
  it.each<[string, PermissionItem[], boolean]>([
    [
      'one of two policies passes',
      [
        { name: 'x', policy: fail() },
        { name: 'x', policy: pass() },
      ],
      true,
    ],
    [
      'neither policy passes',
      [
        { name: 'x', policy: fail() },
        { name: 'x', policy: fail() },
      ],
      false,
    ],
    ['one duplicate has no policy', [{ name: 'x', policy: fail() }, { name: 'x' }], true],
    [
      'the duplicate is in another realm',
      [
        { name: 'x', policy: fail() },
        { name: 'x', realmId: 'r1', policy: pass() },
      ],
      false,
    ],
    [
      'the duplicate is of another client',
      [
        { name: 'x', policy: fail() },
        { name: 'x', clientId: 'c1' },
      ],
      false,
    ],
  ])('grants when %s → %s', async (_label, list, granted) => {
    const promise = checkerWith(list).check({ name: 'x' });
    if (granted) await expect(promise).resolves.toBeUndefined();
    else await expectPermissionError(promise, evaluationFailed('x'));
  });
});

describe('PermissionChecker: default policy', () => {
  // Covered in default-policy.test.ts; here only that bindings come from the engine's provider.
  it('uses the engine’s permission binding provider', async () => {
    const engine = new PolicyEngine({
      permissionBindings: new MemoryPermissionBindingProvider([
        { identity: user, permission: { name: 'x' } },
      ]),
    });
    const checker = new PermissionChecker({
      engine,
      provider: new MemoryPermissionProvider([{ name: 'x', policy: { type: 'permissionBinding' } }]),
    });
    await expect(checker.check({ name: 'x', input: { identity: user } })).resolves.toBeUndefined();
    await expectPermissionError(
      checker.check({ name: 'x', input: { identity: { ...user, id: 'u2' } } }),
      evaluationFailed('x'),
    );
  });
});
