import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { expectPolicyError } from '../../test/helpers.ts';
import type { PolicyConfig, PolicyIdentity } from '../types.ts';

const engine = new PolicyEngine();
const acme: PolicyIdentity = { type: 'user', id: 'u1', realmId: 'r-acme', realmName: 'acme' };
const master: PolicyIdentity = { type: 'user', id: 'u0', realmId: 'r-master', realmName: 'master' };
const realmMatch = (config: Record<string, unknown> = {}): PolicyConfig => ({
  type: 'realmMatch',
  ...config,
});

describe('realmMatch policy', () => {
  it.each([
    // label, config, identity, attributes, expected
    ['master identity, any record', {}, master, { realm_id: 'r-other' }, true],
    ['master identity, record without realm', {}, master, { name: 'x' }, true],
    [
      'master identity without master match-all',
      { identityMasterMatchAll: false },
      master,
      { realm_id: 'r-other' },
      false,
    ],
    [
      'master identity without master match-all, own realm',
      { identityMasterMatchAll: false },
      master,
      { realm_id: 'r-master' },
      true,
    ],
    ['realm id equal', {}, acme, { realm_id: 'r-acme' }, true],
    ['realm id different', {}, acme, { realm_id: 'r-other' }, false],
    ['realm name equal', {}, acme, { realm_name: 'acme' }, true],
    ['camelCase realmId', {}, acme, { realmId: 'r-acme' }, true],
    ['camelCase realmName', {}, acme, { realmName: 'acme' }, true],
    ['realm id held as its name', {}, acme, { realm_id: 'acme' }, true],
    [
      'default attributes always count by consensus: one of two',
      {},
      acme,
      { realm_id: 'r-acme', realm_name: 'other' },
      false,
    ],
    [
      'default attributes ignore the decision strategy',
      { decisionStrategy: 'affirmative' },
      acme,
      { realm_id: 'r-acme', realm_name: 'other' },
      false,
    ],
    ['no realm attribute', {}, acme, { name: 'x' }, false],
    ['an undefined realm attribute', {}, acme, { realm_id: undefined }, false],
    ['null realm', {}, acme, { realm_id: null }, false],
    ['null realm with null match-all', { attributeNullMatchAll: true }, acme, { realm_id: null }, true],
    [
      'null realm and an identity without realm',
      {},
      { type: 'user', id: 'u', realmId: null },
      { realm_id: null },
      false,
    ],
    ['named attribute equal', { attributeName: 'realm_id' }, acme, { realm_id: 'r-acme' }, true],
    [
      'named attribute list',
      { attributeName: ['owner_realm'] },
      acme,
      { owner_realm: 'acme', realm_id: 'x' },
      true,
    ],
    [
      'strict: a containing name does not count',
      { attributeName: 'realm_id' },
      acme,
      { user_realm_id: 'r-acme' },
      false,
    ],
    [
      'not strict: a containing name counts',
      { attributeName: 'realm_id', attributeNameStrict: false },
      acme,
      { user_realm_id: 'r-acme' },
      true,
    ],
    [
      'not strict, consensus by default: one of two',
      { attributeName: 'realm_id', attributeNameStrict: false },
      acme,
      { user_realm_id: 'r-acme', role_realm_id: 'r-other' },
      false,
    ],
    [
      'not strict, consensus: two of three',
      { attributeName: 'realm_id', attributeNameStrict: false },
      acme,
      { realm_id: 'r-acme', user_realm_id: 'r-acme', role_realm_id: 'r-other' },
      true,
    ],
    [
      'not strict, affirmative: one of two',
      { attributeName: 'realm_id', attributeNameStrict: false, decisionStrategy: 'affirmative' },
      acme,
      { user_realm_id: 'r-other', role_realm_id: 'r-acme' },
      true,
    ],
    [
      'not strict, unanimous: one of two',
      { attributeName: 'realm_id', attributeNameStrict: false, decisionStrategy: 'unanimous' },
      acme,
      { user_realm_id: 'r-acme', role_realm_id: 'r-other' },
      false,
    ],
    [
      'not strict, unanimous: two of two',
      { attributeName: 'realm_id', attributeNameStrict: false, decisionStrategy: 'unanimous' },
      acme,
      { user_realm_id: 'r-acme', role_realm_id: 'acme' },
      true,
    ],
    [
      'not strict, unanimous with a null realm matching all',
      {
        attributeName: 'realm_id',
        attributeNameStrict: false,
        decisionStrategy: 'unanimous',
        attributeNullMatchAll: true,
      },
      acme,
      { user_realm_id: 'r-acme', role_realm_id: null },
      true,
    ],
  ])('%s → %s', async (_label, config, identity, attributes, expected) => {
    await expect(engine.evaluate(realmMatch(config), { identity, attributes })).resolves.toBe(expected);
  });

  it('can be inverted', async () => {
    await expect(
      engine.evaluate(realmMatch({ invert: true }), { identity: acme, attributes: { realm_id: 'r-acme' } }),
    ).resolves.toBe(false);
    await expect(
      engine.evaluate(realmMatch({ invert: true }), { identity: acme, attributes: { realm_id: 'r-other' } }),
    ).resolves.toBe(true);
  });

  it('needs attributes and an identity, even for the master realm', async () => {
    await expectPolicyError(
      engine.evaluate(realmMatch(), { identity: master }),
      PolicyErrorCode.EVALUATOR_CONTEXT_INVALID,
      ['attributes'],
    );
    await expectPolicyError(
      engine.evaluate(realmMatch(), { attributes: { realm_id: 'r' } }),
      PolicyErrorCode.EVALUATOR_CONTEXT_INVALID,
      ['identity'],
    );
  });

  it.each([
    ['an attribute name of 2 characters', { attributeName: 'id' }, ['attributeName']],
    ['an empty attribute name list', { attributeName: [] }, ['attributeName']],
    ['a non-boolean strict flag', { attributeNameStrict: 'no' }, ['attributeNameStrict']],
    ['an unknown decision strategy', { decisionStrategy: 'all' }, ['decisionStrategy']],
  ])('rejects %s', async (_label, config, paths) => {
    await expectPolicyError(
      engine.evaluate(realmMatch(config), { identity: acme, attributes: {} }),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      paths,
    );
  });
});
