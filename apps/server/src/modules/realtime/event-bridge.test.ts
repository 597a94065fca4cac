import { describe, expect, it } from 'vitest';
import { stripSecrets } from '#platform/events/strip-secrets.ts';
import { eventName } from './event-bridge.ts';
import { namespacesFor, realmIdOfNamespace } from './namespaces.ts';
import { parseTarget } from './subscriptions.ts';

const REALM = '6f1c2a54-8a57-4b36-9d2f-3c0f4f1c9a10';

describe('stripSecrets', () => {
  it('removes credentials at any depth and keeps everything else', () => {
    const created_at = new Date('2026-01-01T00:00:00Z');
    const data = {
      id: 'r1',
      name: 'robot',
      secret: '$argon2id$...',
      client_secret: 'plain',
      created_at,
      realm: { id: REALM, private_key: 'pem', name: 'master' },
      accounts: [
        { account_secret: 'x', account_name: 'robot$1', password: 'p', reset_hash: 'h', activate_hash: 'a' },
      ],
    };
    expect(stripSecrets(data)).toEqual({
      id: 'r1',
      name: 'robot',
      created_at,
      realm: { id: REALM, name: 'master' },
      accounts: [{ account_name: 'robot$1' }],
    });
    // The published record itself is left as it was.
    expect(data.secret).toBe('$argon2id$...');
  });
});

describe('event and namespace names', () => {
  it('names events {type}{Event}', () => {
    expect(eventName({ type: 'analysisNode', event: 'updated' })).toBe('analysisNodeUpdated');
  });

  it('sends events to the master namespace and each distinct realm namespace', () => {
    expect(namespacesFor([])).toEqual(['/resources']);
    expect(namespacesFor([REALM, REALM, 'not-a-realm'])).toEqual(['/resources', `/resources/${REALM}`]);
    expect(realmIdOfNamespace(`/resources/${REALM}`)).toBe(REALM);
    expect(realmIdOfNamespace('/resources')).toBeUndefined();
  });
});

describe('parseTarget', () => {
  it('accepts nothing, an id or { id }', () => {
    expect(parseTarget(undefined)).toBeUndefined();
    expect(parseTarget(null)).toBeUndefined();
    expect(parseTarget(REALM)).toBe(REALM);
    expect(parseTarget({ id: REALM })).toBe(REALM);
    expect(parseTarget({})).toBeUndefined();
    expect(parseTarget(42)).toBe('42');
  });

  it('refuses anything that could build another room name', () => {
    for (const value of ['user/1', '../x', 'a'.repeat(129), { id: { $ne: 1 } }, [REALM], 1.5, true]) {
      expect(() => parseTarget(value)).toThrow('The subscription target must be an id');
    }
  });
});
