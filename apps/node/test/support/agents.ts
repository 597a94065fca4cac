import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NodeAgent } from '../../src/agent.ts';
import { AgentConfigSchema, type AgentConfig } from '../../src/config.ts';
import type { ImagePuller, ImageReference } from '../../src/drivers/driver.ts';
import { ProcessDriver } from '../../src/drivers/process-driver.ts';
import { ociPuller } from '../../src/image/oci-puller.ts';
import { recordedDigest, type AnalysisNodeRecord } from '../../src/hub/records.ts';
import type { HubWorld } from './hub.ts';
import { robotSecretOf } from './hub.ts';

export interface TestAgentOptions {
  node: { robotId: string };
  /** The registry the node pulls from, with the node project's credentials. */
  registry: { host: string; credentials: { username: string; password: string } | null };
  puller?: ImagePuller;
  /** CSV files of the site: name to content. */
  data?: Record<string, string>;
  settings?: Partial<Record<keyof AgentConfig, unknown>>;
  lines?: string[];
}

/**
 * Where the tests' images are: repository `<node name>/<analysis id>` of the test registry, as the
 * build names them. Stands in for the hub's registry records until the hub hands them to node robots.
 */
export function testLocator(node: { name: string }, registry: TestAgentOptions['registry']) {
  return async (record: AnalysisNodeRecord): Promise<ImageReference> => {
    const repository = `${node.name}/${record.analysis_id}`;
    return {
      reference: `${registry.host}/${repository}:latest`,
      registry: registry.host,
      repository,
      tag: record.artifact_tag ?? 'latest',
      digest: recordedDigest(record)!,
      credentials: registry.credentials,
    };
  };
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
    ...AgentConfigSchema.parse({
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
    locateImage: testLocator(node, options.registry),
    say: (line) => lines.push(line),
  });
  await agent.start();
  return { agent, config, lines, dataDir };
}
