import type { AgentConfig } from './config.ts';
import type { Driver, ImagePuller } from './drivers/driver.ts';
import { DockerDriver } from './drivers/docker-driver.ts';
import { ProcessDriver } from './drivers/process-driver.ts';

/** The configured driver. */
export function createDriver(config: AgentConfig, pullImage: ImagePuller): Driver {
  switch (config.driver) {
    case 'process':
      return new ProcessDriver({ pullImage, interpreters: config.interpreters, workDir: config.workDir });
    case 'docker':
      return new DockerDriver({ socketPath: config.dockerSocket });
  }
}
