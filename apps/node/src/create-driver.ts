import type { AgentConfig } from './config.ts';
import type { Driver, ImagePuller } from './drivers/driver.ts';
import { ProcessDriver } from './drivers/process-driver.ts';

/** The configured driver. */
export function createDriver(config: AgentConfig, pullImage: ImagePuller): Driver {
  switch (config.driver) {
    case 'process':
      return new ProcessDriver({ pullImage, interpreters: config.interpreters, workDir: config.workDir });
    case 'docker':
      throw new Error('NODE_DRIVER=docker is not available yet.');
  }
}
