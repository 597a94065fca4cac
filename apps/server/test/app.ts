import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { prepareDatabase } from '../src/bootstrap/prepare-database.ts';
import { loadConfig, type AppConfig } from '../src/config/config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** The admin password of every test app (the admin user is named `admin`). */
export const TEST_ADMIN_PASSWORD = 'Test-Admin-Passw0rd';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The whole application on an isolated database and a temporary data directory, for `app.inject()`.
 * `environment` overrides configuration variables the way an operator would set them.
 */
export async function createTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'federa-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    PUBLIC_URL: 'http://hub.test',
    ...environment,
  });
  const database = await createTestDatabase();
  await prepareDatabase(config, database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
