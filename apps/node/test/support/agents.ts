import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NodeAgent } from '../../src/agent.ts';
import { parseAgentSettings, type AgentConfig } from '../../src/config.ts';
import type { ImagePuller } from '../../src/drivers/driver.ts';
import { ProcessDriver } from '../../src/drivers/process-driver.ts';
import { ociPuller } from '../../src/image/oci-puller.ts';
import type { HubWorld } from './hub.ts';
import { robotSecretOf } from './hub.ts';

export interface TestAgentOptions {
  node: { robotId: string };
  puller?: ImagePuller;
  /** CSV files of the site: name to content. */
  data?: Record<string, string>;
  settings?: Partial<Record<keyof AgentConfig, unknown>>;
  lines?: string[];
}

/** An agent with the process driver for one of the world's nodes, its site data in a temporary directory. */
export async function startAgent(
  world: HubWorld,
  node: HubWorld['siteNode'],
  options: Omit<TestAgentOptions, 'node'>,
) {
  const base = await mkdtemp(path.join(os.tmpdir(), 'federa-node-test-'));
  const dataDir = path.join(base, 'data');
  await mkdir(dataDir, { recursive: true });
  for (const [name, content] of Object.entries(options.data ?? {}))
    await writeFile(path.join(dataDir, name), content);
  const config = {
    ...parseAgentSettings({
      hubUrl: world.url,
      robotId: node.robotId,
      robotSecret: await robotSecretOf(world, node.robotId),
      dataDir,
      driver: 'process',
      pollIntervalMs: 300,
      ...options.settings,
    }),
    workDir: path.join(base, 'work'),
  } as AgentConfig;
  const lines = options.lines ?? [];
  const agent = new NodeAgent({
    config,
    driver: new ProcessDriver({
      pullImage: options.puller ?? ociPuller,
      interpreters: config.interpreters,
      workDir: config.workDir,
    }),
    say: (line) => lines.push(line),
  });
  await agent.start();
  return { agent, config, lines, dataDir };
}
