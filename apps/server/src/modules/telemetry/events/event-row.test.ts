import { describe, expect, it } from 'vitest';
import { entityDiff } from './entity-diff.ts';
import { eventRow, normalizeIpAddress } from './event-row.ts';
import { stripSecrets } from '#platform/events/strip-secrets.ts';

describe('event rows', () => {
  it('names IPv4 clients the way people read them', () => {
    expect(normalizeIpAddress('::1')).toBe('127.0.0.1');
    expect(normalizeIpAddress('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(normalizeIpAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIpAddress(undefined)).toBeNull();
  });

  it('cuts metadata to the column sizes and drops ids that are not UUIDs', () => {
    const row = eventRow({
      name: 'created',
      scope: 'entity',
      ref_type: 'user',
      realm_id: 'not-a-realm',
      actor: { type: 'user', id: 'system' },
      request: { method: 'POST', path: `/${'a'.repeat(600)}`, userAgent: 'x'.repeat(600) },
    });
    expect(row.request_path).toHaveLength(512);
    expect(row.request_user_agent).toHaveLength(512);
    expect(row.actor_id).toBeNull();
    expect(row.realm_id).toBeNull();
    expect(row.expiring).toBe(false);
  });

  it('expires when an expiry is given, unless told otherwise', () => {
    const base = { name: 'n', scope: 's', ref_type: 'r' };
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    expect(eventRow({ ...base, expires_at: expiresAt })).toMatchObject({
      expiring: true,
      expires_at: '2030-01-01T00:00:00.000Z',
    });
    expect(eventRow({ ...base, expires_at: expiresAt, expiring: false }).expiring).toBe(false);
  });

  it('removes secrets from data at any depth', () => {
    expect(
      stripSecrets({
        name: 'robot',
        secret: 's',
        nested: [{ client_secret: 'c', account_password: 'p', reset_hash: 'h', kept: 1 }],
        refresh_token: 't',
      }),
    ).toEqual({ name: 'robot', nested: [{ kept: 1 }] });
  });
});

describe('entity diff', () => {
  it('lists changed scalar fields with their previous value', () => {
    expect(
      entityDiff(
        { id: '1', name: 'b', display_name: null, active: false, updated_at: 'later' },
        { id: '1', name: 'a', display_name: 'A', active: true, updated_at: 'earlier' },
      ),
    ).toEqual({
      name: { next: 'b', previous: 'a' },
      display_name: { next: null, previous: 'A' },
      active: { next: false, previous: true },
    });
  });

  it('leaves out timestamps, structured values and secrets', () => {
    expect(
      entityDiff(
        { expires_at: '2', settings: { a: 2 }, tags: ['x'], password: 'new', secret: 'n' },
        { expires_at: '1', settings: { a: 1 }, tags: [], password: 'old', secret: 'o' },
      ),
    ).toEqual({});
  });
});
