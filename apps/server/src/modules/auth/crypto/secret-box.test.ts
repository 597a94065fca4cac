import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#config/config.ts';
import { ENCRYPTION_KEY_FILE, SecretBox, SecretDecryptionError } from './secret-box.ts';

describe('SecretBox (AES-256-GCM at rest)', () => {
  const box = new SecretBox(randomBytes(32));

  it('encrypts with a fresh IV every time and decrypts to the plain text', async () => {
    const first = await box.encrypt('top-secret-value', 'client_secret');
    const second = await box.encrypt('top-secret-value', 'client_secret');
    expect(first).toMatch(/^enc:v1:[\w-]{16}:[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('top-secret-value');
    expect(await box.decrypt(first, 'client_secret')).toBe('top-secret-value');
    expect(await box.decrypt(second, 'client_secret')).toBe('top-secret-value');
  });

  it('refuses a ciphertext that was altered, moved to another setting or made with another key', async () => {
    const sealed = await box.encrypt('service-password', 'password');
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    await expect(box.decrypt(tampered, 'password')).rejects.toBeInstanceOf(SecretDecryptionError);
    await expect(box.decrypt(sealed, 'client_secret')).rejects.toBeInstanceOf(SecretDecryptionError);
    await expect(new SecretBox(randomBytes(32)).decrypt(sealed, 'password')).rejects.toBeInstanceOf(
      SecretDecryptionError,
    );
    await expect(box.decrypt('enc:v1:bm9wZQ:', 'password')).rejects.toBeInstanceOf(SecretDecryptionError);
  });

  it('reads a value stored before encryption as it is', async () => {
    expect(await box.decrypt('legacy-plain-secret', 'client_secret')).toBe('legacy-plain-secret');
  });

  it('seals and opens only the secret settings of a configuration', async () => {
    const config = { client_id: 'hub', client_secret: 'top-secret-value', scope: 'openid' };
    const sealed = await box.sealSettings(config, ['client_secret', 'password']);
    expect(sealed).toMatchObject({ client_id: 'hub', scope: 'openid' });
    expect(SecretBox.isEncrypted(sealed.client_secret)).toBe(true);
    expect(sealed).not.toHaveProperty('password');
    // Sealing again leaves an encrypted value alone, unless forced (a value a caller sent).
    expect((await box.sealSettings(sealed, ['client_secret'])).client_secret).toBe(sealed.client_secret);
    const forced = await box.sealSettings(sealed, ['client_secret'], { force: true });
    expect(await box.decrypt(forced.client_secret as string, 'client_secret')).toBe(sealed.client_secret);
    expect(await box.openSettings(sealed, ['client_secret', 'password'])).toEqual(config);
  });
});

describe('SecretBox keys', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'federa-secret-box-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const configFor = (environment: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...environment });

  it('generates a key file readable by its owner only when no key is configured, and reuses it', async () => {
    const first = SecretBox.fromConfig(configFor());
    const sealed = await first.encrypt('service-password', 'password');
    const file = path.join(dataDir, ENCRYPTION_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    // Another process on the same data directory (a restart) decrypts with the same key.
    expect(await SecretBox.fromConfig(configFor()).decrypt(sealed, 'password')).toBe('service-password');
  });

  it('tightens a key file that lost its owner-only mode', async () => {
    const file = path.join(dataDir, ENCRYPTION_KEY_FILE);
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o644 });
    await SecretBox.fromConfig(configFor()).encrypt('x', 'password');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('uses SECRETS_ENCRYPTION_KEY (base64 or hex) and writes no key file then', async () => {
    const key = randomBytes(32);
    const fromBase64 = SecretBox.fromConfig(configFor({ SECRETS_ENCRYPTION_KEY: key.toString('base64') }));
    const fromHex = SecretBox.fromConfig(configFor({ SECRETS_ENCRYPTION_KEY: key.toString('hex') }));
    const sealed = await fromBase64.encrypt('top-secret-value', 'client_secret');
    expect(await fromHex.decrypt(sealed, 'client_secret')).toBe('top-secret-value');
    await expect(stat(path.join(dataDir, ENCRYPTION_KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a SECRETS_ENCRYPTION_KEY that is not 32 bytes', () => {
    for (const value of ['too-short', randomBytes(16).toString('base64'), randomBytes(31).toString('hex')]) {
      expect(() => configFor({ SECRETS_ENCRYPTION_KEY: value })).toThrow(ConfigError);
      expect(() => configFor({ SECRETS_ENCRYPTION_KEY: value })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    }
  });
});
