import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeEncryptionKey } from '#config/config.ts';

/** Marks an encrypted value: `enc:v1:<iv>:<ciphertext><tag>` (base64url). */
const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key file written into the data directory when SECRETS_ENCRYPTION_KEY is not set. */
export const ENCRYPTION_KEY_FILE = 'secrets-encryption-key';

export class SecretDecryptionError extends Error {
  constructor(message = 'A stored secret could not be decrypted: the encryption key does not match.') {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

/**
 * The key from a file in the data directory, created on first use: 32 random bytes, base64, readable
 * by the server's user only (like the generated admin password). Two processes sharing the directory
 * agree on one key: the file is created exclusively and read back.
 */
export async function loadOrCreateKeyFile(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, ENCRYPTION_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A copied or restored file may have lost its mode; the key must stay the owner's alone.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  const key = decodeEncryptionKey((await readFile(file, 'utf8')).trim());
  if (!key) throw new Error(`${file} does not hold a 32-byte base64 or hex key.`);
  return key;
}

/**
 * Encrypts secrets at rest with AES-256-GCM (identity-provider client secrets and LDAP bind
 * passwords in `auth_identity_providers.config`). Every value gets a random 96-bit IV; the setting
 * name is bound as additional data, so a ciphertext moved to another setting does not decrypt.
 * Values stored before encryption existed (no `enc:v1:` prefix) are read as they are and encrypted
 * on the next write.
 */
export class SecretBox {
  private key: Promise<Buffer> | undefined;

  /** `key`: the key itself, or how to obtain it on first use. */
  constructor(private readonly keySource: Buffer | (() => Promise<Buffer>)) {}

  /** SECRETS_ENCRYPTION_KEY when set, otherwise the key file in the data directory. */
  static fromConfig(config: { secretsEncryptionKey: string | undefined; dataDir: string }): SecretBox {
    const configured = config.secretsEncryptionKey
      ? decodeEncryptionKey(config.secretsEncryptionKey)
      : undefined;
    return new SecretBox(configured ?? (() => loadOrCreateKeyFile(config.dataDir)));
  }

  /**
   * A secret derived from the key for one purpose (HMAC-SHA256), the same on every replica sharing
   * the key and never stored, e.g. the credentials Harbor's webhook calls the hub with.
   */
  async derive(purpose: string): Promise<string> {
    return createHmac('sha256', await this.keyBytes())
      .update(purpose, 'utf8')
      .digest('base64url');
  }

  static isEncrypted(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }

  async encrypt(plain: string, purpose: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', await this.keyBytes(), iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${iv.toString('base64url')}:${encrypted.toString('base64url')}`;
  }

  /** The plain text of a stored value; a value stored before encryption is returned as it is. */
  async decrypt(stored: string, purpose: string): Promise<string> {
    if (!SecretBox.isEncrypted(stored)) return stored;
    const [ivText, dataText] = stored.slice(PREFIX.length).split(':');
    const iv = Buffer.from(ivText ?? '', 'base64url');
    const data = Buffer.from(dataText ?? '', 'base64url');
    if (iv.length !== IV_BYTES || data.length < TAG_BYTES) throw new SecretDecryptionError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.keyBytes(), iv);
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(data.subarray(0, data.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretDecryptionError();
    }
  }

  /**
   * A copy of `config` with every listed setting that holds a string encrypted. `force`: encrypt
   * even what looks encrypted already (values from a request: whatever a caller sends is plain text).
   */
  async sealSettings(
    config: Record<string, unknown>,
    keys: readonly string[],
    { force = false }: { force?: boolean } = {},
  ): Promise<Record<string, unknown>> {
    const sealed = { ...config };
    for (const key of keys) {
      const value = sealed[key];
      if (typeof value === 'string' && (force || !SecretBox.isEncrypted(value)))
        sealed[key] = await this.encrypt(value, key);
    }
    return sealed;
  }

  /** A copy of `config` with every listed setting decrypted, for the code that uses the secrets. */
  async openSettings(config: unknown, keys: readonly string[]): Promise<Record<string, unknown>> {
    const opened = { ...((config ?? {}) as Record<string, unknown>) };
    for (const key of keys) {
      const value = opened[key];
      if (typeof value === 'string') opened[key] = await this.decrypt(value, key);
    }
    return opened;
  }

  private keyBytes(): Promise<Buffer> {
    if (!this.key) {
      const source = this.keySource;
      this.key = Buffer.isBuffer(source) ? Promise.resolve(source) : source();
      this.key.catch(() => {
        this.key = undefined;
      });
    }
    return this.key;
  }
}
