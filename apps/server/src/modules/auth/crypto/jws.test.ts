import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import {
  compactVerify,
  decodeProtectedHeader,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  jwtVerify,
  SignJWT,
} from 'jose';
import { describe, expect, it } from 'vitest';
import { signRs256Jwt } from './jws.ts';

describe('signRs256Jwt', () => {
  it('produces a JWT that a JOSE library verifies, byte for byte what jose would sign', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const claims = {
      sub: 'user-1',
      kind: 'access_token',
      scope: 'global',
      exp: Math.floor(Date.now() / 1000) + 60,
      name: 'Jürgen',
    };
    const token = signRs256Jwt(claims, 'key-1', privateKey);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: 'key-1', typ: 'JWT' });
    const { payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'] });
    expect(payload).toEqual(claims);
    // RSASSA-PKCS1-v1_5 is deterministic: jose signs the same input to the same token.
    const joseKey = await importPKCS8(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, 'RS256');
    const expected = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })
      .sign(joseKey);
    expect(token).toBe(expected);
  });

  it('is refused with another key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signing = createPrivateKey(await exportPKCS8(privateKey));
    const token = signRs256Jwt({ sub: 'x' }, 'k', signing);
    await expect(compactVerify(token, other.publicKey)).rejects.toThrow();
  });
});
