import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '#test/app.ts';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { buildApp } from '../../app.ts';
import { prepareDatabase } from '../../bootstrap/prepare-database.ts';
import { loadConfig } from '#config/config.ts';
import { redactUrl, redactUrlsInText } from './redact-url.ts';

/** Every log line the app writes, parsed. */
class LogCapture {
  readonly lines: string[] = [];
  write(chunk: string): void {
    this.lines.push(...chunk.split('\n').filter(Boolean));
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

describe('request log', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir: string;
  const log = new LogCapture();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'federa-log-test-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      PUBLIC_URL: 'http://hub.test',
      ROLES: 'api',
    });
    database = await createTestDatabase();
    await prepareDatabase(config, database);
    app = await buildApp({ config, database, logDestination: log });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never writes credentials sent in the query string of token requests', async () => {
    const login = await app.inject({
      method: 'POST',
      url: `/auth/token?grant_type=password&username=admin&password=${encodeURIComponent(TEST_ADMIN_PASSWORD)}`,
    });
    // Query parameters are still accepted, as the original server's clients send them.
    expect(login.statusCode).toBe(200);
    const refreshToken = login.json().refresh_token as string;
    await app.inject({
      method: 'POST',
      url: `/auth/token?grant_type=refresh_token&refresh_token=${refreshToken}`,
    });
    await app.inject({ method: 'POST', url: `/auth/token/revoke?token=${refreshToken}` });
    await app.inject({
      method: 'POST',
      url: '/auth/token?grant_type=client_credentials&client_id=abc&client_secret=Client-Secret-1234',
    });
    await app.inject({
      method: 'POST',
      url: '/auth/token?grant_type=authorization_code&code=The-Code-5678&code_verifier=The-Verifier-9012',
    });
    // An unknown route is logged too.
    await app.inject({ method: 'GET', url: '/auth/nowhere?access_token=Access-Token-3456' });

    const text = log.text;
    // The requests were logged, with their path and harmless parameters.
    expect(text).toContain('/auth/token?grant_type=password&username=admin&password=[redacted]');
    expect(text).toContain('/auth/token/revoke?token=[redacted]');
    for (const secret of [
      TEST_ADMIN_PASSWORD,
      encodeURIComponent(TEST_ADMIN_PASSWORD),
      refreshToken,
      'Client-Secret-1234',
      'The-Code-5678',
      'The-Verifier-9012',
      'Access-Token-3456',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('redactUrl', () => {
  it('replaces the values of sensitive parameters only', () => {
    expect(redactUrl('/auth/token')).toBe('/auth/token');
    expect(redactUrl('/core/projects?filter[name]=~abc&page[limit]=10')).toBe(
      '/core/projects?filter[name]=~abc&page[limit]=10',
    );
    expect(
      redactUrl(
        '/x?Password=a&password_repeat=b&id_token=c&client%5Fsecret=d&secret[]=e&code=f&scope=global#g',
      ),
    ).toBe(
      '/x?Password=[redacted]&password_repeat=[redacted]&id_token=[redacted]&client%5Fsecret=[redacted]&secret[]=[redacted]&code=[redacted]&scope=global#g',
    );
    // Messages that quote a URL, such as Fastify's default "Route ... not found".
    expect(redactUrlsInText('Route GET:/a?refresh_token=abc&x=1 not found')).toBe(
      'Route GET:/a?refresh_token=[redacted]&x=1 not found',
    );
    expect(redactUrlsInText('Is it? Yes.')).toBe('Is it? Yes.');
    // Malformed escapes do not break logging.
    expect(redactUrl('/x?%E0%A4%A=1&token=%')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });
});
