import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config/config.ts';
import { databaseOptionsFromConfig, openDatabase } from './platform/db/database.ts';
import { announceGeneratedCredential } from './bootstrap/generated-credentials.ts';
import { prepareDatabase } from './bootstrap/prepare-database.ts';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(databaseOptionsFromConfig(config));
  const seeded = await prepareDatabase(config, database);
  if (seeded.generatedAdminPassword) {
    await announceGeneratedCredential(config.dataDir, {
      what: 'An administrator account',
      name: config.admin.username,
      label: 'password',
      secret: seeded.generatedAdminPassword,
      file: 'admin-password',
    });
  }
  if (seeded.generatedRobotSecret) {
    await announceGeneratedCredential(config.dataDir, {
      what: 'The system robot',
      name: config.systemRobot.name,
      label: 'secret',
      secret: seeded.generatedRobotSecret,
      file: 'system-robot-secret',
    });
  }

  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { roles: config.roles, database: database.kind },
    `Federa HUB is listening on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Federa HUB failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
