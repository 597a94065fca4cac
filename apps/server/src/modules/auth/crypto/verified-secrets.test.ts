import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { VersionedCache } from '#platform/cache/versioned-cache.ts';
import { hashSecret } from './secrets.ts';
import { VerifiedSecretCache } from './verified-secrets.ts';

describe('VerifiedSecretCache', () => {
  /** A verifier that counts its (expensive) runs: `stored` is `hash:<secret>`. */
  const countingVerifier = () => {
    const verifier = vi.fn(async (plain: string, stored: string) => stored === `hash:${plain}`);
    return verifier;
  };

  it('verifies a secret once and then answers from memory', async () => {
    const verifier = countingVerifier();
    const cache = new VerifiedSecretCache({}, verifier);
    expect(await cache.verify('robot:1', 'secret', 'hash:secret')).toBe(true);
    expect(await cache.verify('robot:1', 'secret', 'hash:secret')).toBe(true);
    expect(verifier).toHaveBeenCalledTimes(1);
  });

  it('never remembers a failure', async () => {
    const verifier = countingVerifier();
    const cache = new VerifiedSecretCache({}, verifier);
    expect(await cache.verify('robot:1', 'wrong', 'hash:secret')).toBe(false);
    expect(await cache.verify('robot:1', 'wrong', 'hash:secret')).toBe(false);
    expect(verifier).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('does not match after the stored hash changed, for another owner or for another secret', async () => {
    const verifier = countingVerifier();
    const cache = new VerifiedSecretCache({}, verifier);
    await cache.verify('robot:1', 'secret', 'hash:secret');
    // A new secret was set: the old one no longer matches the stored hash.
    expect(await cache.verify('robot:1', 'secret', 'hash:new-secret')).toBe(false);
    expect(await cache.verify('robot:2', 'secret', 'hash:other')).toBe(false);
    expect(await cache.verify('robot:1', 'secret2', 'hash:secret')).toBe(false);
    expect(await cache.verify('robot:1', 'secret', null)).toBe(false);
    expect(verifier).toHaveBeenCalledTimes(4);
  });

  it('forgets a success after its time to live', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    try {
      const verifier = countingVerifier();
      const cache = new VerifiedSecretCache({ ttlMs: 1000 }, verifier);
      await cache.verify('client:1', 'secret', 'hash:secret');
      vi.setSystemTime(new Date('2030-01-01T00:00:01.500Z'));
      await cache.verify('client:1', 'secret', 'hash:secret');
      expect(verifier).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most maxEntries successes, dropping the least recently used', async () => {
    const verifier = countingVerifier();
    const cache = new VerifiedSecretCache({ maxEntries: 2 }, verifier);
    await cache.verify('robot:1', 'a', 'hash:a');
    await cache.verify('robot:2', 'b', 'hash:b');
    await cache.verify('robot:1', 'a', 'hash:a'); // 1 is now the most recent
    await cache.verify('robot:3', 'c', 'hash:c'); // evicts 2
    expect(cache.size).toBe(2);
    await cache.verify('robot:1', 'a', 'hash:a');
    expect(verifier).toHaveBeenCalledTimes(3);
    await cache.verify('robot:2', 'b', 'hash:b');
    expect(verifier).toHaveBeenCalledTimes(4);
  });

  it('shares one verification between concurrent requests', async () => {
    const verifier = countingVerifier();
    const cache = new VerifiedSecretCache({}, verifier);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => cache.verify('robot:1', 'secret', 'hash:secret')),
    );
    expect(results).toEqual([true, true, true, true, true]);
    expect(verifier).toHaveBeenCalledTimes(1);
  });

  it('works with real argon2 hashes', async () => {
    const cache = new VerifiedSecretCache();
    const stored = await hashSecret('robot-secret');
    expect(await cache.verify('robot:1', 'robot-secret', stored)).toBe(true);
    expect(await cache.verify('robot:1', 'robot-secreT', stored)).toBe(false);
    expect(await cache.verify('robot:1', 'robot-secret', 'not-a-hash')).toBe(false);
  });
});

describe('VersionedCache', () => {
  it('serves an entry only for the version it was loaded at', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const load = vi.fn(async () => `loaded-${load.mock.calls.length}`);
    expect(await cache.get('k', 1, load)).toBe('loaded-1');
    expect(await cache.get('k', 1, load)).toBe('loaded-1');
    expect(await cache.get('k', 2, load)).toBe('loaded-2');
    expect(load).toHaveBeenCalledTimes(2);
    // A caller that still knows an older version never gets a newer entry, nor replaces it.
    expect(await cache.get('k', 1, load)).toBe('loaded-3');
    expect(await cache.get('k', 2, load)).toBe('loaded-2');
  });

  it('does not keep a failed load', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    await expect(cache.get('k', 1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', 1, async () => 'ok')).toBe('ok');
  });
});

describe('client credentials with a remembered secret', () => {
  let ctx: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  const grant = (id: string, secret: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'client_credentials', client_id: id, client_secret: secret },
    });

  it('refuses the old secret as soon as it is replaced, and a deactivated client', async () => {
    const client = (
      await admin.post('/auth/clients', { name: 'cached-client', is_confidential: true })
    ).json();
    expect((await grant(client.id, client.secret)).statusCode).toBe(200);
    expect((await grant(client.name, client.secret)).statusCode).toBe(200);
    expect(
      (await admin.post(`/auth/clients/${client.id}`, { secret: 'a-brand-new-secret' })).statusCode,
    ).toBe(202);
    const old = await grant(client.id, client.secret);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('invalid_client');
    expect((await grant(client.id, 'a-brand-new-secret')).statusCode).toBe(200);
    expect((await admin.post(`/auth/clients/${client.id}`, { active: false })).statusCode).toBe(202);
    expect((await grant(client.id, 'a-brand-new-secret')).json().code).toBe('entity_inactive');
  });

  it('throttles wrong secrets, even for a client whose right secret is remembered', async () => {
    const client = (
      await admin.post('/auth/clients', { name: 'throttled-client', is_confidential: true })
    ).json();
    expect((await grant(client.id, client.secret)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await grant(client.id, `wrong-${attempt}`)).json().code).toBe('invalid_client');
    }
    const blocked = await grant(client.id, client.secret);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_attempts' });
    expect(blocked.json().message).toMatch(/Please try again in \d+ minutes?\./);
    // Another client is not affected by this one's counter.
    const other = (
      await admin.post('/auth/clients', { name: 'unthrottled-client', is_confidential: true })
    ).json();
    expect((await grant(other.id, other.secret)).statusCode).toBe(200);
  });

  it('refuses the old robot secret as soon as it is replaced', async () => {
    const robot = (await admin.post('/auth/robots', { name: 'cached-robot' })).json();
    const robotGrant = (secret: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'robot_credentials', id: robot.id, secret },
      });
    expect((await robotGrant(robot.secret)).statusCode).toBe(200);
    expect(
      (await admin.post(`/auth/robots/${robot.id}`, { secret: 'another-robot-secret' })).statusCode,
    ).toBe(202);
    expect((await robotGrant(robot.secret)).json().code).toBe('invalid_credentials');
    expect((await robotGrant('another-robot-secret')).statusCode).toBe(200);
    // Wrong secrets are throttled, the remembered right one included.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await robotGrant(`wrong-${attempt}`)).json().code).toBe('invalid_credentials');
    }
    expect((await robotGrant('another-robot-secret')).json().code).toBe('too_many_attempts');
  });
});
