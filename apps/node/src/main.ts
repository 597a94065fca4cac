import { NodeAgent } from './agent.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDriver } from './create-driver.ts';
import { ociPuller } from './image/oci-puller.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[node] configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const agent = new NodeAgent({ config, driver: createDriver(config, ociPuller) });
  await agent.start();
  const shutdown = () => {
    void agent.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

void main().catch((error: unknown) => {
  console.error(`[node] ${(error as Error).message}`);
  process.exit(1);
});
