import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const REQUIRED = {
  HUB_URL: 'http://hub.example.org/',
  NODE_ROBOT_ID: '7a1f4c2e-3b5d-4e6f-8a9b-0c1d2e3f4a5b',
  NODE_ROBOT_SECRET: 'site-secret',
  NODE_DATA_DIR: 'site-data',
  NODE_DRIVER: 'process',
};

describe('loadConfig', () => {
  it('fills in the documented defaults', () => {
    const config = loadConfig(REQUIRED);
    expect(config).toMatchObject({
      hubUrl: 'http://hub.example.org',
      driver: 'process',
      dataDir: path.resolve('site-data'),
      autoApproveRealms: [],
      interpreters: { python: 'python3' },
      runTimeoutMs: 900_000,
      runMemoryMb: 1024,
      runNetwork: false,
      pollIntervalMs: 10_000,
      dockerSocket: '/var/run/docker.sock',
    });
    expect(config.registryUrl).toBeUndefined();
  });

  it('reads lists, maps, numbers and switches from the environment', () => {
    const config = loadConfig({
      ...REQUIRED,
      NODE_AUTO_APPROVE_REALMS: ' 7a1f4c2e-3b5d-4e6f-8a9b-0c1d2e3f4a5b ,',
      NODE_INTERPRETERS: 'python=python3.12, Rscript=/usr/bin/Rscript',
      NODE_RUN_TIMEOUT_MS: '5000',
      NODE_RUN_NETWORK: '1',
    });
    expect(config.autoApproveRealms).toEqual(['7a1f4c2e-3b5d-4e6f-8a9b-0c1d2e3f4a5b']);
    expect(config.interpreters).toEqual({ python: 'python3.12', Rscript: '/usr/bin/Rscript' });
    expect(config.runTimeoutMs).toBe(5000);
    expect(config.runNetwork).toBe(true);
  });

  it('names the variable and what it must be when a value is wrong', () => {
    const wrong = (env: Record<string, string>) => () => loadConfig({ ...REQUIRED, ...env });
    expect(wrong({ NODE_ROBOT_ID: 'robot' })).toThrow(
      new ConfigError("NODE_ROBOT_ID (robotId): must be the id of the node's robot"),
    );
    expect(wrong({ HUB_URL: 'hub' })).toThrow(
      new ConfigError('HUB_URL (hubUrl): must be the address of the hub, e.g. http://hub.example.org'),
    );
    expect(wrong({ NODE_DRIVER: 'vm' })).toThrow(
      new ConfigError('NODE_DRIVER (driver): must be one of docker, process'),
    );
    expect(wrong({ NODE_RUN_MEMORY_MB: '-1' })).toThrow(
      new ConfigError('NODE_RUN_MEMORY_MB (runMemoryMb): must be a positive whole number'),
    );
    expect(wrong({ NODE_INTERPRETERS: 'python' })).toThrow(
      new ConfigError('NODE_INTERPRETERS (interpreters): "python" is not of the form command=interpreter'),
    );
  });
});
