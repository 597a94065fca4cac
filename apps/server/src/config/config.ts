import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EMBEDDED_VACUUM_INTERVAL_MS } from '../platform/db/embedded-vacuum.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '../platform/db/pglite-settings.ts';
import { SERVER_ROOT } from '../server-root.ts';
import { TrustProxySchema, type TrustProxy } from './trust-proxy.ts';

export const SERVER_ROLES = ['api', 'realtime', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Environment variables with an empty value count as unset, so `PORT=` falls back to the default. */
const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** A switch: true/false, 1/0, yes/no or on/off (any case); unset or empty = `whenUnset`. */
const switchFlag = (whenUnset: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
      .optional()
      .transform((value) =>
        value === undefined
          ? whenUnset
          : value === 'true' || value === '1' || value === 'yes' || value === 'on',
      ),
  );
const flag = switchFlag(false);
const flagDefaultOn = switchFlag(true);

/** A whole number of `unit`s where 0 switches something off; unset or empty = `fallback`. */
const countOrOff = (fallback: number, unit: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, `must be 0 (off) or a positive number of ${unit}`)
      .default(fallback),
  );

/** A number of requests per minute; 0 switches the limit off. */
const requestsPerMinute = (fallback: number) => countOrOff(fallback, 'requests');

/** Milliseconds between two runs of periodic work; 0 switches it off. */
const intervalOrOff = (fallback: number) => countOrOff(fallback, 'milliseconds');

const BYTE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** A size in bytes, optionally with a binary unit: `1048576`, `512M`, `5GiB`, `2 TB` (K, M, G, T = powers of 1024). */
const byteSize = z
  .string()
  .trim()
  .transform((value, context) => {
    const match = /^(\d+)\s*(?:([kmgt])(?:i?b)?|b)?$/i.exec(value);
    const bytes = match ? Number(match[1]) * BYTE_UNITS[(match[2] ?? '').toLowerCase()]! : Number.NaN;
    if (!Number.isSafeInteger(bytes) || bytes < 1) {
      context.addIssue({
        code: 'custom',
        message: 'must be a positive size in bytes, e.g. 1048576, 512M or 5G',
      });
      return z.NEVER;
    }
    return bytes;
  });

const STORAGE_DRIVERS = ['fs', 's3'] as const;

/** How many entries a cache keeps at most (its memory bound); 0 keeps nothing. */
const cacheEntries = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (no cache) or a positive number of entries')
      .default(fallback),
  );

/** A 256-bit key given as 64 hex digits or as base64/base64url; undefined when it is neither. */
export function decodeEncryptionKey(value: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : undefined;
}

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const EnvironmentSchema = z.object({
  PORT: z.preprocess((value) => (value === '' ? undefined : value), port.default(3000)),
  HOST: optionalString.default('0.0.0.0'),
  PUBLIC_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ error: 'must be an absolute http(s) URL', protocol: /^https?$/ }).optional(),
  ),
  DATA_DIR: optionalString.default('./data'),
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  ADMIN_USERNAME: optionalString
    .default('admin')
    .pipe(z.string().regex(/^[A-Za-z0-9._-]{3,128}$/, 'must be 3-128 letters, digits, ".", "-" or "_"')),
  ADMIN_PASSWORD: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(8, 'must be at least 8 characters long').optional(),
  ),
  LOG_LEVEL: z.preprocess((value) => (value === '' ? undefined : value), z.enum(LOG_LEVELS).default('info')),
  ROLES: z.preprocess(
    (value) => (value === '' ? undefined : value),
    commaList
      .prefault(SERVER_ROLES.join(','))
      .pipe(
        z
          .array(z.enum(SERVER_ROLES, { error: `each role must be one of ${SERVER_ROLES.join(', ')}` }))
          .min(1, 'must name at least one role'),
      ),
  ),
  CORS_ORIGINS: optionalString.default('').pipe(commaList),
  TRUST_PROXY: TrustProxySchema,
  REALTIME_REVALIDATE_INTERVAL_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0, 'must be 0 (never) or a number of milliseconds').default(5000),
  ),
  WEB_DIST_DIR: optionalString,
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().positive('must be a positive number of milliseconds').default(10_000),
  ),
  RATE_LIMIT_PER_MINUTE_ANONYMOUS: requestsPerMinute(600),
  RATE_LIMIT_PER_MINUTE_USER: requestsPerMinute(1200),
  RATE_LIMIT_PER_MINUTE_MACHINE: requestsPerMinute(6000),
  SYSTEM_ROBOT_ENABLED: flag,
  SYSTEM_ROBOT_NAME: optionalString
    .default('system')
    .pipe(z.string().regex(/^[A-Za-z0-9._-]{3,128}$/, 'must be 3-128 letters, digits, ".", "-" or "_"')),
  SYSTEM_ROBOT_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(16, 'must be at least 16 characters long').optional(),
  ),
  USER_AUTH_BASIC: flag,
  ROBOT_AUTH_BASIC: flag,
  CLIENT_AUTH_BASIC: flag,
  SECRETS_ENCRYPTION_KEY: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .string()
      .refine(
        (value) => decodeEncryptionKey(value) !== undefined,
        'must be 32 random bytes, base64 or hex encoded (e.g. the output of `openssl rand -base64 32`)',
      )
      .optional(),
  ),
  TOKEN_RATE_LIMIT_PER_MINUTE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 (off) or a positive number of requests')
      .default(120),
  ),
  EVENT_RETENTION_DAYS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be a positive number of days')
      .default(7),
  ),
  EVENT_SWEEP_INTERVAL_MS: intervalOrOff(3_600_000),
  REGISTRATION_ENABLED: flag,
  EMAIL_VERIFICATION_ENABLED: flag,
  PASSWORD_RECOVERY_ENABLED: flag,
  SMTP_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ error: 'must be an smtp:// or smtps:// URL', protocol: /^smtps?$/ }).optional(),
  ),
  MASTER_IMAGES_SOURCE: optionalString,
  VAULT_ADDR: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .url({ error: 'must be an http(s) URL, e.g. https://vault.example.org:8200', protocol: /^https?$/ })
      .optional(),
  ),
  VAULT_TOKEN: optionalString,
  /** The original's connection string `<token>@<url>`, an alternative to VAULT_ADDR and VAULT_TOKEN. */
  VAULT: optionalString.pipe(
    z
      .string()
      .regex(
        /^[^@\s]+@https?:\/\/\S+$/,
        'must be <token>@<url>, e.g. s.abc123@https://vault.example.org:8200',
      )
      .optional(),
  ),
  VAULT_KV_MOUNT: optionalString
    .default('secret')
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/, 'must be a mount path such as secret or kv/hub'),
    ),
  VAULT_KV_VERSION: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['1', '2'], { error: 'must be 1 or 2' }).default('2'),
  ),
  MASTER_IMAGES_UPSTREAM: optionalString,
  SKIP_PROJECT_APPROVAL: flag,
  SKIP_ANALYSIS_APPROVAL: flag,
  JOB_LEASE_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1000, 'must be at least 1000 milliseconds').default(30_000),
  ),
  REGISTRY_TIMEOUT_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(100, 'must be at least 100 milliseconds').default(10_000),
  ),
  OUTBOX_LEASE_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1000, 'must be at least 1000 milliseconds').default(30_000),
  ),
  JOB_POLL_INTERVAL_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(50, 'must be at least 50 milliseconds').default(1000),
  ),
  WORKER_CONCURRENCY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0, 'must be 0 or more').max(64, 'must be at most 64').default(2),
  ),
  ANALYSIS_BUILD_TIMEOUT_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be a positive number of milliseconds')
      .default(900_000),
  ),
  SMTP_FROM: optionalString
    .default('Federa HUB <no-reply@localhost>')
    .pipe(
      z
        .string()
        .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be a mail address, optionally with a name: Name <address>'),
    ),
  STORAGE_DRIVER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(STORAGE_DRIVERS, { error: `must be one of ${STORAGE_DRIVERS.join(', ')}` }).default('fs'),
  ),
  STORAGE_MAX_FILE_SIZE: optionalString.default('5G').pipe(byteSize),
  S3_ENDPOINT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ error: 'must be an absolute http(s) URL', protocol: /^https?$/ }).optional(),
  ),
  S3_REGION: optionalString.default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flagDefaultOn,
  EMBEDDED_DB_SHARED_BUFFERS_MB: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1 (MB)')
      .max(4096, 'must be at most 4096 (MB)')
      .default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  ),
  EMBEDDED_DB_VACUUM_INTERVAL_MS: intervalOrOff(DEFAULT_EMBEDDED_VACUUM_INTERVAL_MS),
  CACHE_PERMISSION_SETS: cacheEntries(10_000),
  CACHE_VERIFIED_TOKENS: cacheEntries(10_000),
  CACHE_VERIFIED_SECRETS: cacheEntries(10_000),
  CACHE_LIST_PAGES: cacheEntries(200),
});

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { username: string; password: string | undefined };
  logLevel: (typeof LOG_LEVELS)[number];
  roles: ServerRole[];
  corsOrigins: string[];
  /** Whose `X-Forwarded-For` is believed for the client address (limits, lock-outs, logs). */
  trustProxy: TrustProxy;
  /** Open sockets are checked this often for a revoked token or a deactivated account; 0 = never. */
  realtime: { revalidateIntervalMs: number };
  webDistDir: string;
  shutdownTimeoutMs: number;
  /** Token requests (`POST /auth/token`) allowed per client address and minute; 0 = no limit. */
  tokenRateLimitPerMinute: number;
  /** Requests per minute per caller: anonymous (per address), users, robots and clients; 0 = off. */
  rateLimits: { anonymous: number; user: number; machine: number };
  /** An active robot in the master realm holding the admin role, for automation. */
  systemRobot: { enabled: boolean; name: string; secret: string | undefined };
  /** Which identities may authenticate API requests with HTTP Basic (id or name and password/secret). */
  basicAuth: { user: boolean; robot: boolean; client: boolean };
  /**
   * Key (32 bytes, base64 or hex) that encrypts identity-provider secrets at rest; unset = a key
   * generated once into `DATA_DIR/secrets-encryption-key`.
   */
  secretsEncryptionKey: string | undefined;
  /** Events: entity events are kept this many days; expired events are swept every interval (0 = never). */
  telemetry: { eventRetentionDays: number; eventSweepIntervalMs: number };
  /** Self-service account flows; each is off unless enabled. */
  accounts: { registration: boolean; emailVerification: boolean; passwordRecovery: boolean };
  /** Outgoing mail; without an SMTP URL the flows that send mail are unavailable. */
  mail: { smtpUrl: string | undefined; from: string };
  /** The master-image catalog: a directory, or a git repository cloned for each sync. */
  masterImages: { source: string };
  /** Where uploaded files are kept: the data directory (`fs`) or an S3-compatible bucket (`s3`). */
  storage: StorageConfig;
  /** A build with no progress for longer than this is reported failed (ANALYSIS_BUILD_TIMEOUT_MS). */
  analyses: { buildTimeoutMs: number };
  /** HashiCorp Vault KV store for robot secrets (`robots/<name>`); unset = robot secrets are not kept there. */
  vault: { address: string; token: string; mount: string; kvVersion: 1 | 2 } | undefined;
  /** Approvals taken as given on creation (SKIP_PROJECT_APPROVAL, SKIP_ANALYSIS_APPROVAL). */
  approvals: { skipProject: boolean; skipAnalysis: boolean };
  /** The durable job queue the worker role consumes. */
  jobs: { leaseMs: number; pollIntervalMs: number; concurrency: number };
  /**
   * How long a registry or Harbor may stay silent: until it answers a request, and between two
   * chunks of an upload or download (REGISTRY_TIMEOUT_MS).
   */
  registryTimeoutMs: number;
  /**
   * The outbox of entity events: a writer has this long to deliver its own events before a sweep,
   * which also runs this often, delivers them instead (OUTBOX_LEASE_MS).
   */
  outbox: { leaseMs: number };
  /** Where the master-image mirror command copies images from (`host[/prefix]`), if set. */
  masterImagesUpstream: string | undefined;
  /**
   * The embedded database (PGlite): PostgreSQL's buffer cache in MB (EMBEDDED_DB_SHARED_BUFFERS_MB)
   * and the time between two VACUUM (ANALYZE) runs, 0 = never (EMBEDDED_DB_VACUUM_INTERVAL_MS).
   */
  embeddedDatabase: { sharedBuffersMb: number; vacuumIntervalMs: number };
  /** The most entries each in-memory cache keeps (CACHE_*), which bounds the memory it can take. */
  caches: CacheSizes;
}

export interface CacheSizes {
  /** Identities whose permission set is kept (CACHE_PERMISSION_SETS). */
  permissionSets: number;
  /** Access tokens whose signature check is remembered (CACHE_VERIFIED_TOKENS). */
  verifiedTokens: number;
  /** Robot and client secrets whose argon2 check is remembered (CACHE_VERIFIED_SECRETS). */
  verifiedSecrets: number;
  /** Pages of a list kept per resource, answers without included relations only (CACHE_LIST_PAGES). */
  listPages: number;
}

export interface StorageConfig {
  driver: (typeof STORAGE_DRIVERS)[number];
  /** Largest single uploaded file, in bytes. */
  maxFileSize: number;
  /** Used when the driver is `s3`; the secret is never logged. */
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

/** The small catalog shipped with the server (python and r groups). */
const DEFAULT_MASTER_IMAGES_DIR = path.join(SERVER_ROOT, 'catalog', 'master-images');

/** Repositories (URLs, `git@host:path`, `*.git`) stay as given; directories become absolute. */
function masterImagesSource(value: string | undefined): string {
  if (!value) return DEFAULT_MASTER_IMAGES_DIR;
  const isRepository =
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[^/\s]+@[^:\s]+:/.test(value) || value.endsWith('.git');
  return isRepository ? value : path.resolve(value);
}

const DEFAULT_WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');

/**
 * Reads the configuration from an environment (process.env by default). This is the only place the
 * server reads environment variables. A wrong value throws a ConfigError whose message is one line
 * naming the variable.
 */
export function loadConfig(environment: Record<string, string | undefined> = process.env): AppConfig {
  const result = EnvironmentSchema.safeParse(environment);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const env = result.data;
  if (env.VAULT && (env.VAULT_ADDR || env.VAULT_TOKEN)) {
    throw new ConfigError('VAULT', 'must not be set together with VAULT_ADDR and VAULT_TOKEN');
  }
  if (env.VAULT) {
    const at = env.VAULT.indexOf('@');
    env.VAULT_TOKEN = env.VAULT.slice(0, at);
    env.VAULT_ADDR = env.VAULT.slice(at + 1).replace(/\/v1\/?$/, '');
  }
  if (Boolean(env.VAULT_ADDR) !== Boolean(env.VAULT_TOKEN)) {
    throw new ConfigError(
      env.VAULT_ADDR ? 'VAULT_TOKEN' : 'VAULT_ADDR',
      'must be set together with VAULT_ADDR and VAULT_TOKEN',
    );
  }
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    throw new ConfigError('S3_BUCKET', 'is required when STORAGE_DRIVER is s3');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'must be set together with its counterpart (or both left unset to use the default AWS credentials)',
    );
  }
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    roles: [...new Set(env.ROLES)],
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    realtime: { revalidateIntervalMs: env.REALTIME_REVALIDATE_INTERVAL_MS },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    tokenRateLimitPerMinute: env.TOKEN_RATE_LIMIT_PER_MINUTE,
    rateLimits: {
      anonymous: env.RATE_LIMIT_PER_MINUTE_ANONYMOUS,
      user: env.RATE_LIMIT_PER_MINUTE_USER,
      machine: env.RATE_LIMIT_PER_MINUTE_MACHINE,
    },
    systemRobot: {
      enabled: env.SYSTEM_ROBOT_ENABLED,
      name: env.SYSTEM_ROBOT_NAME,
      secret: env.SYSTEM_ROBOT_SECRET,
    },
    basicAuth: { user: env.USER_AUTH_BASIC, robot: env.ROBOT_AUTH_BASIC, client: env.CLIENT_AUTH_BASIC },
    secretsEncryptionKey: env.SECRETS_ENCRYPTION_KEY,
    telemetry: {
      eventRetentionDays: env.EVENT_RETENTION_DAYS,
      eventSweepIntervalMs: env.EVENT_SWEEP_INTERVAL_MS,
    },
    accounts: {
      registration: env.REGISTRATION_ENABLED,
      emailVerification: env.EMAIL_VERIFICATION_ENABLED,
      passwordRecovery: env.PASSWORD_RECOVERY_ENABLED,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM },
    masterImages: { source: masterImagesSource(env.MASTER_IMAGES_SOURCE) },
    analyses: { buildTimeoutMs: env.ANALYSIS_BUILD_TIMEOUT_MS },
    vault:
      env.VAULT_ADDR && env.VAULT_TOKEN
        ? {
            address: env.VAULT_ADDR.replace(/\/+$/, ''),
            token: env.VAULT_TOKEN,
            mount: env.VAULT_KV_MOUNT,
            kvVersion: env.VAULT_KV_VERSION === '1' ? 1 : 2,
          }
        : undefined,
    approvals: { skipProject: env.SKIP_PROJECT_APPROVAL, skipAnalysis: env.SKIP_ANALYSIS_APPROVAL },
    jobs: {
      leaseMs: env.JOB_LEASE_MS,
      pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
      concurrency: env.WORKER_CONCURRENCY,
    },
    outbox: { leaseMs: env.OUTBOX_LEASE_MS },
    registryTimeoutMs: env.REGISTRY_TIMEOUT_MS,
    masterImagesUpstream: env.MASTER_IMAGES_UPSTREAM,
    embeddedDatabase: {
      sharedBuffersMb: env.EMBEDDED_DB_SHARED_BUFFERS_MB,
      vacuumIntervalMs: env.EMBEDDED_DB_VACUUM_INTERVAL_MS,
    },
    caches: {
      permissionSets: env.CACHE_PERMISSION_SETS,
      verifiedTokens: env.CACHE_VERIFIED_TOKENS,
      verifiedSecrets: env.CACHE_VERIFIED_SECRETS,
      listPages: env.CACHE_LIST_PAGES,
    },
    storage: {
      driver: env.STORAGE_DRIVER,
      maxFileSize: env.STORAGE_MAX_FILE_SIZE,
      s3: {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      },
    },
  };
}
