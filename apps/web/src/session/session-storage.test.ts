import { describe, expect, it } from 'vitest';
import { cookieAttributes, createCookieStorage } from './session-storage.ts';

/** A document whose cookie jar records what was written. */
function fakeDocument(protocol: string) {
  const writes: string[] = [];
  let jar = '';
  const document = {
    location: { protocol },
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      writes.push(value);
      const [pair] = value.split(';');
      const [name] = pair!.split('=');
      const kept = jar.split('; ').filter((entry) => entry && !entry.startsWith(`${name}=`));
      if (!/Max-Age=0(;|$)/.test(value)) kept.push(pair!);
      jar = kept.join('; ');
    },
  } as unknown as Document;
  return { document, writes };
}

describe('cookie storage', () => {
  it('writes site-wide Lax cookies with a max age, Secure over https', () => {
    expect(cookieAttributes(false, 3600)).toBe('Path=/; SameSite=Lax; Max-Age=3600');
    expect(cookieAttributes(true)).toBe('Path=/; SameSite=Lax; Secure');

    const https = fakeDocument('https:');
    createCookieStorage({ document: https.document }).set('access_token', 'a.b.c', 59.7);
    expect(https.writes).toEqual(['access_token=a.b.c; Path=/; SameSite=Lax; Max-Age=59; Secure']);

    const http = fakeDocument('http:');
    createCookieStorage({ document: http.document }).set('refresh_token', 'r');
    expect(http.writes).toEqual(['refresh_token=r; Path=/; SameSite=Lax']);
  });

  it('reads back encoded values and removes them', () => {
    const { document, writes } = fakeDocument('http:');
    const storage = createCookieStorage({ document });
    storage.set('user', JSON.stringify({ name: 'Zoë; admin' }), 10);
    storage.set('realm', '{"id":"1"}', 10);
    expect(JSON.parse(storage.get('user')!)).toEqual({ name: 'Zoë; admin' });
    expect(storage.get('realm')).toBe('{"id":"1"}');
    expect(storage.get('missing')).toBeUndefined();

    storage.remove('user');
    expect(writes.at(-1)).toBe('user=; Path=/; SameSite=Lax; Max-Age=0');
    expect(storage.get('user')).toBeUndefined();
    expect(storage.get('realm')).toBe('{"id":"1"}');
  });

  it('works with the real document.cookie', () => {
    const storage = createCookieStorage();
    storage.set('access_token', 'token-value', 60);
    expect(document.cookie).toContain('access_token=token-value');
    expect(storage.get('access_token')).toBe('token-value');
    storage.remove('access_token');
    expect(storage.get('access_token')).toBeUndefined();
  });
});
