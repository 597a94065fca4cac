import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toEqual({ username: 'admin', password: undefined });
    expect(config.roles).toEqual(['api', 'realtime', 'worker']);
    expect(config.logLevel).toBe('info');
  });

  it('bounds every in-memory cache, with sizes and the embedded buffer cache configurable', () => {
    expect(loadConfig({}).caches).toEqual({
      permissionSets: 10_000,
      verifiedTokens: 10_000,
      verifiedSecrets: 10_000,
      listPages: 200,
    });
    expect(loadConfig({}).embeddedDatabase).toEqual({ sharedBuffersMb: 32, vacuumIntervalMs: 600_000 });
    const set = loadConfig({
      CACHE_PERMISSION_SETS: '500',
      CACHE_VERIFIED_TOKENS: '0',
      CACHE_VERIFIED_SECRETS: '20',
      CACHE_LIST_PAGES: '50',
      EMBEDDED_DB_SHARED_BUFFERS_MB: '16',
    });
    expect(set.caches).toEqual({
      permissionSets: 500,
      verifiedTokens: 0,
      verifiedSecrets: 20,
      listPages: 50,
    });
    expect(set.embeddedDatabase.sharedBuffersMb).toBe(16);
    expect(loadConfig({ EMBEDDED_DB_VACUUM_INTERVAL_MS: '0' }).embeddedDatabase.vacuumIntervalMs).toBe(0);
    expect(() => loadConfig({ EMBEDDED_DB_VACUUM_INTERVAL_MS: 'hourly' })).toThrow(
      'Invalid configuration: EMBEDDED_DB_VACUUM_INTERVAL_MS must be a number',
    );
    expect(() => loadConfig({ CACHE_LIST_PAGES: '-1' })).toThrow(
      'Invalid configuration: CACHE_LIST_PAGES must be 0 (no cache) or a positive number of entries',
    );
    expect(() => loadConfig({ EMBEDDED_DB_SHARED_BUFFERS_MB: '0' })).toThrow(
      'Invalid configuration: EMBEDDED_DB_SHARED_BUFFERS_MB must be at least 1 (MB)',
    );
  });

  it('derives the public URL from the port and trims a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://hub.example.org/' }).publicUrl).toBe('https://hub.example.org');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      admin: { password: undefined },
    });
  });

  it('reads the vault from VAULT_ADDR and VAULT_TOKEN or the <token>@<url> string, and none by default', () => {
    expect(loadConfig({}).vault).toBeUndefined();
    expect(loadConfig({ VAULT_ADDR: 'https://vault.example.org:8200/', VAULT_TOKEN: 's.t' }).vault).toEqual({
      address: 'https://vault.example.org:8200',
      token: 's.t',
      mount: 'secret',
      kvVersion: 2,
    });
    expect(
      loadConfig({
        VAULT: 'start123@http://127.0.0.1:8090/v1/',
        VAULT_KV_MOUNT: 'robots-kv',
        VAULT_KV_VERSION: '1',
      }).vault,
    ).toEqual({ address: 'http://127.0.0.1:8090', token: 'start123', mount: 'robots-kv', kvVersion: 1 });
    expect(() => loadConfig({ VAULT_ADDR: 'https://vault.example.org' })).toThrow(/VAULT_TOKEN/);
    expect(() => loadConfig({ VAULT: 'no-at-sign' })).toThrow(/VAULT/);
    expect(() => loadConfig({ VAULT_KV_VERSION: '3' })).toThrow(/VAULT_KV_VERSION/);
  });

  it('parses roles, removing duplicates', () => {
    expect(loadConfig({ ROLES: 'api, worker,api' }).roles).toEqual(['api', 'worker']);
  });

  it('keeps the account flows off and mail unconfigured by default', () => {
    const config = loadConfig({});
    expect(config.accounts).toEqual({
      registration: false,
      emailVerification: false,
      passwordRecovery: false,
    });
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Federa HUB <no-reply@localhost>' });
  });

  it('switches the account flows on with true, 1, yes or on in any case', () => {
    for (const value of ['true', 'TRUE', '1', 'yes', 'On']) {
      const config = loadConfig({
        REGISTRATION_ENABLED: value,
        EMAIL_VERIFICATION_ENABLED: value,
        PASSWORD_RECOVERY_ENABLED: value,
      });
      expect(config.accounts).toEqual({
        registration: true,
        emailVerification: true,
        passwordRecovery: true,
      });
    }
    expect(loadConfig({ REGISTRATION_ENABLED: 'false', PASSWORD_RECOVERY_ENABLED: '' }).accounts).toEqual({
      registration: false,
      emailVerification: false,
      passwordRecovery: false,
    });
  });

  it('reads the SMTP URL and the sender', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@mail.example.org:465',
      SMTP_FROM: 'Hub <hub@example.org>',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://mailer:secret@mail.example.org:465',
      from: 'Hub <hub@example.org>',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: '' }).mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Federa HUB <no-reply@localhost>',
    });
  });

  it.each([
    ['REGISTRATION_ENABLED', 'maybe', 'REGISTRATION_ENABLED must be true or false'],
    ['EMAIL_VERIFICATION_ENABLED', '2', 'EMAIL_VERIFICATION_ENABLED must be true or false'],
    ['PASSWORD_RECOVERY_ENABLED', 'enabled', 'PASSWORD_RECOVERY_ENABLED must be true or false'],
    ['SMTP_URL', 'http://mail.example.org', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    ['SMTP_URL', 'mail.example.org', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    ['SMTP_FROM', 'nobody', 'SMTP_FROM must be a mail address'],
    ['PORT', 'abc', 'PORT must be a number'],
    ['PORT', '70000', 'PORT must be between 0 and 65535'],
    ['PUBLIC_URL', 'not a url', 'PUBLIC_URL must be an absolute http(s) URL'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a postgres:// or postgresql:// connection string'],
    ['ADMIN_PASSWORD', 'short', 'ADMIN_PASSWORD must be at least 8 characters long'],
    ['ADMIN_USERNAME', 'a b', 'ADMIN_USERNAME must be 3-128 letters'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL'],
    ['ROLES', 'api,cooking', 'ROLES each role must be one of api, realtime, worker'],
  ])('rejects %s=%s with one line naming the variable', (variable, value, expected) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain(`Invalid configuration: ${expected}`);
    expect(message).not.toContain('\n');
    expect((error as ConfigError).variable).toBe(variable);
  });
});

describe('loadConfig: storage', () => {
  it('keeps files on the filesystem with a 5 GiB limit by default', () => {
    expect(loadConfig({}).storage).toEqual({
      driver: 'fs',
      maxFileSize: 5 * 1024 ** 3,
      s3: {
        endpoint: undefined,
        region: 'us-east-1',
        bucket: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      },
    });
  });

  it('reads the S3 settings', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'hub-files',
      S3_ACCESS_KEY_ID: 'access',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(config.storage.driver).toBe('s3');
    expect(config.storage.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      bucket: 'hub-files',
      accessKeyId: 'access',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it.each([
    ['1048576', 1048576],
    ['512M', 512 * 1024 ** 2],
    ['5GiB', 5 * 1024 ** 3],
    ['2 tb', 2 * 1024 ** 4],
    ['100k', 102400],
  ])('reads STORAGE_MAX_FILE_SIZE=%s as %d bytes', (value, bytes) => {
    expect(loadConfig({ STORAGE_MAX_FILE_SIZE: value }).storage.maxFileSize).toBe(bytes);
  });

  it.each([
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER must be one of fs, s3'],
    [{ STORAGE_MAX_FILE_SIZE: 'lots' }, 'STORAGE_MAX_FILE_SIZE must be a positive size in bytes'],
    [{ STORAGE_MAX_FILE_SIZE: '0' }, 'STORAGE_MAX_FILE_SIZE must be a positive size in bytes'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an absolute http(s) URL'],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET is required when STORAGE_DRIVER is s3'],
    [{ S3_ACCESS_KEY_ID: 'access' }, 'S3_SECRET_ACCESS_KEY must be set together with its counterpart'],
  ])('rejects %o with one line naming the variable', (environment, expected) => {
    expect(() => loadConfig(environment)).toThrow(`Invalid configuration: ${expected}`);
  });

  it('never puts the S3 secret into an error message', () => {
    let message = '';
    try {
      loadConfig({ S3_SECRET_ACCESS_KEY: 'very-secret-value', STORAGE_DRIVER: 's3' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('S3_BUCKET');
    expect(message).not.toContain('very-secret-value');
  });
});

describe('loadConfig: token rate limit', () => {
  it('allows 120 token requests per address and minute by default', () => {
    expect(loadConfig({}).tokenRateLimitPerMinute).toBe(120);
    expect(loadConfig({ TOKEN_RATE_LIMIT_PER_MINUTE: '' }).tokenRateLimitPerMinute).toBe(120);
  });

  it('reads another limit, and 0 switches the limit off', () => {
    expect(loadConfig({ TOKEN_RATE_LIMIT_PER_MINUTE: '600' }).tokenRateLimitPerMinute).toBe(600);
    expect(loadConfig({ TOKEN_RATE_LIMIT_PER_MINUTE: '0' }).tokenRateLimitPerMinute).toBe(0);
  });

  it.each([
    ['many', 'TOKEN_RATE_LIMIT_PER_MINUTE must be a number'],
    ['-1', 'TOKEN_RATE_LIMIT_PER_MINUTE must be 0 (off) or a positive number of requests'],
    ['1.5', 'TOKEN_RATE_LIMIT_PER_MINUTE must be a whole number'],
  ])('rejects %s with one line naming the variable', (value, expected) => {
    expect(() => loadConfig({ TOKEN_RATE_LIMIT_PER_MINUTE: value })).toThrow(
      new ConfigError('TOKEN_RATE_LIMIT_PER_MINUTE', expected.replace('TOKEN_RATE_LIMIT_PER_MINUTE ', '')),
    );
  });
});

describe('loadConfig: telemetry events', () => {
  it('keeps entity events 7 days and sweeps expired ones hourly by default', () => {
    expect(loadConfig({}).telemetry).toEqual({ eventRetentionDays: 7, eventSweepIntervalMs: 3_600_000 });
    expect(loadConfig({ EVENT_RETENTION_DAYS: '', EVENT_SWEEP_INTERVAL_MS: '' }).telemetry).toEqual({
      eventRetentionDays: 7,
      eventSweepIntervalMs: 3_600_000,
    });
  });

  it('reads other values, and a sweep interval of 0 switches sweeping off', () => {
    expect(loadConfig({ EVENT_RETENTION_DAYS: '30', EVENT_SWEEP_INTERVAL_MS: '0' }).telemetry).toEqual({
      eventRetentionDays: 30,
      eventSweepIntervalMs: 0,
    });
  });

  it.each([
    ['EVENT_RETENTION_DAYS', '0', 'must be a positive number of days'],
    ['EVENT_RETENTION_DAYS', 'week', 'must be a number'],
    ['EVENT_SWEEP_INTERVAL_MS', '-5', 'must be 0 (off) or a positive number of milliseconds'],
    ['EVENT_SWEEP_INTERVAL_MS', '0.5', 'must be a whole number'],
  ])('rejects %s=%s with one line naming the variable', (variable, value, expected) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new ConfigError(variable, expected));
  });
});

describe('MASTER_IMAGES_SOURCE', () => {
  it('defaults to the catalog shipped with the server', () => {
    expect(loadConfig({}).masterImages.source).toBe(
      path.resolve(import.meta.dirname, '../../catalog/master-images'),
    );
  });

  it('resolves a directory and keeps a repository address as given', () => {
    expect(loadConfig({ MASTER_IMAGES_SOURCE: 'catalog' }).masterImages.source).toBe(path.resolve('catalog'));
    for (const repository of [
      'https://github.com/PrivateAIM/master-images.git',
      'git@github.com:PrivateAIM/master-images',
      'file:///srv/catalog',
      '../catalog.git',
    ]) {
      expect(loadConfig({ MASTER_IMAGES_SOURCE: repository }).masterImages.source).toBe(repository);
    }
  });

  it('reads the per-identity rate limits and the system robot', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimits).toEqual({ anonymous: 600, user: 1200, machine: 6000 });
    expect(defaults.systemRobot).toEqual({ enabled: false, name: 'system', secret: undefined });
    const custom = loadConfig({
      RATE_LIMIT_PER_MINUTE_USER: '0',
      SYSTEM_ROBOT_ENABLED: 'true',
      SYSTEM_ROBOT_SECRET: 'sixteen-chars-long',
    });
    expect(custom.rateLimits.user).toBe(0);
    expect(custom.systemRobot).toEqual({ enabled: true, name: 'system', secret: 'sixteen-chars-long' });
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE_ANONYMOUS: '-1' })).toThrow(
      'Invalid configuration: RATE_LIMIT_PER_MINUTE_ANONYMOUS must be 0 (off) or a positive number of requests',
    );
    expect(() => loadConfig({ SYSTEM_ROBOT_SECRET: 'short' })).toThrow(
      'Invalid configuration: SYSTEM_ROBOT_SECRET must be at least 16 characters long',
    );
  });
});
