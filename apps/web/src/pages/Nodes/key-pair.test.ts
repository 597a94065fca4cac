import { describe, expect, it } from 'vitest';
import { generateNodeKeyPair, isNodePublicKey } from './key-pair.ts';

describe('node key pair', () => {
  it('makes an ECDH P-256 pair as PEM whose public key passes the check', async () => {
    const pair = await generateNodeKeyPair();
    expect(pair.publicKey).toMatch(
      /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+\n-----END PUBLIC KEY-----\n$/,
    );
    expect(pair.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(await isNodePublicKey(pair.publicKey)).toBe(true);
    // The private key is no public key.
    expect(await isNodePublicKey(pair.privateKey)).toBe(false);
  });

  it('refuses text that is not an EC P-256 public key', async () => {
    expect(await isNodePublicKey('hello')).toBe(false);
    expect(await isNodePublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----')).toBe(false);
    const rsa = await crypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 1024,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['sign'],
    );
    const der = await crypto.subtle.exportKey('spki', rsa.publicKey);
    const base64 = btoa(String.fromCharCode(...new Uint8Array(der)));
    expect(await isNodePublicKey(`-----BEGIN PUBLIC KEY-----\n${base64}\n-----END PUBLIC KEY-----`)).toBe(
      false,
    );
  });
});
