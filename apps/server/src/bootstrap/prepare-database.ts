import type { AppConfig } from '../config/config.ts';
import { seedIdentity, type SeedResult } from '../modules/auth/index.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { ensureInstallation } from '../platform/system/installation.ts';

/**
 * Brings a database up to date before the app serves: applies migrations and creates what every
 * installation needs (idempotent, so it runs on every start).
 */
export async function prepareDatabase(config: AppConfig, database: DatabaseHandle): Promise<SeedResult> {
  await database.migrate();
  await ensureInstallation(database.db);
  return seedIdentity(database.db, {
    adminUsername: config.admin.username,
    adminPassword: config.admin.password,
    ...(config.systemRobot.enabled
      ? { systemRobot: { name: config.systemRobot.name, secret: config.systemRobot.secret } }
      : {}),
  });
}
