import { describe, expect, it } from 'vitest';
import { mergePermissionItems } from './merge.ts';

const a = { type: 'identity', types: ['user'] };
const b = { type: 'identity', types: ['robot'] };
const c = { type: 'date', start: '2024-01-01' };

describe('mergePermissionItems', () => {
  it('keeps distinct permissions as they are, in order', () => {
    const items = [
      { name: 'x', policy: a },
      { name: 'x', realmId: 'r1', policy: b },
      { name: 'x', clientId: 'c1' },
      { name: 'y' },
    ];
    const merged = mergePermissionItems(items);
    expect(merged).toHaveLength(4);
    merged.forEach((item, index) => expect(item).toBe(items[index]));
  });

  it('merges same realm, client and name into one affirmative composite, in order', () => {
    expect(
      mergePermissionItems([
        { name: 'x', realmId: 'r1', policy: a },
        { name: 'y' },
        { name: 'x', realmId: 'r1', clientId: null, policy: b },
        { name: 'x', realmId: 'r1', policy: c },
      ]),
    ).toEqual([
      {
        name: 'x',
        realmId: 'r1',
        clientId: null,
        policy: { type: 'composite', decisionStrategy: 'affirmative', children: [a, b, c] },
      },
      { name: 'y' },
    ]);
  });

  it('treats a missing realm or client id as null', () => {
    const merged = mergePermissionItems([
      { name: 'x', realmId: null, policy: a },
      { name: 'x', clientId: undefined, policy: b },
    ]);
    expect(merged).toHaveLength(1);
  });

  it('drops the policy when one duplicate has none: it is granted unconditionally', () => {
    expect(
      mergePermissionItems([
        { name: 'x', policy: a },
        { name: 'x', policy: null },
      ]),
    ).toEqual([{ name: 'x', realmId: null, clientId: null, policy: null }]);
  });
});
