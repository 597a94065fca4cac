import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Which runtime runs an analysis: containers through the Docker Engine API, or the host's interpreters. */
export const DRIVERS = ['docker', 'process'] as const;
export type DriverName = (typeof DRIVERS)[number];

const positiveInt = z.coerce.number().int().positive();
const list = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean),
  );
/** `python=python3,Rscript=/usr/bin/Rscript`, or the same as an object in the config file. */
const interpreterMap = z.union([z.string(), z.record(z.string(), z.string())]).transform((value) => {
  if (typeof value !== 'string') return value;
  const map: Record<string, string> = {};
  for (const pair of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [from, to] = pair.split('=');
    if (!from || !to) throw new Error(`"${pair}" is not of the form command=interpreter`);
    map[from.trim()] = to.trim();
  }
  return map;
});
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const AgentConfigSchema = z.object({
  hubUrl: z
    .url('must be the address of the hub, e.g. http://hub.example.org')
    .transform((url) => url.replace(/\/+$/, '')),
  robotId: z.uuid("must be the id of the node's robot"),
  robotSecret: z.string().min(3, "must be the secret of the node's robot"),
  dataDir: z.string().min(1, "must be the directory holding the site's data"),
  workDir: z.string().min(1).optional(),
  driver: z.enum(DRIVERS),
  /** Realms (ids) whose projects and analyses are approved without a person. */
  autoApproveRealms: list.pipe(z.array(z.uuid('must list realm ids, separated by commas'))).default([]),
  interpreters: interpreterMap.default({ python: 'python3' }),
  runTimeoutMs: positiveInt.default(15 * 60_000),
  runMemoryMb: positiveInt.default(1024),
  /** Whether an analysis may reach the network (the docker driver; the process driver cannot stop it). */
  runNetwork: flag.default(false),
  pollIntervalMs: positiveInt.default(10_000),
  dockerSocket: z.string().min(1).default('/var/run/docker.sock'),
  /** The registry address of the hub's images as this site reaches it, when it differs from the hub's record. */
  registryUrl: z.string().optional(),
});

export type AgentConfig = z.infer<typeof AgentConfigSchema> & { workDir: string };

/** Environment variable of each setting; `NODE_AGENT_CONFIG` names a JSON file with the same keys. */
export const ENVIRONMENT: Record<keyof z.input<typeof AgentConfigSchema>, string> = {
  hubUrl: 'HUB_URL',
  robotId: 'NODE_ROBOT_ID',
  robotSecret: 'NODE_ROBOT_SECRET',
  dataDir: 'NODE_DATA_DIR',
  workDir: 'NODE_WORK_DIR',
  driver: 'NODE_DRIVER',
  autoApproveRealms: 'NODE_AUTO_APPROVE_REALMS',
  interpreters: 'NODE_INTERPRETERS',
  runTimeoutMs: 'NODE_RUN_TIMEOUT_MS',
  runMemoryMb: 'NODE_RUN_MEMORY_MB',
  runNetwork: 'NODE_RUN_NETWORK',
  pollIntervalMs: 'NODE_POLL_INTERVAL_MS',
  dockerSocket: 'NODE_DOCKER_SOCKET',
  registryUrl: 'NODE_REGISTRY_URL',
};

export class ConfigError extends Error {}

/**
 * The agent's settings: the JSON file `NODE_AGENT_CONFIG` names (if any), overridden by environment
 * variables. A wrong value throws one message naming the variable (or key) and what it must be.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AgentConfig {
  const file = environment.NODE_AGENT_CONFIG;
  let fromFile: Record<string, unknown> = {};
  if (file) {
    try {
      fromFile = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new ConfigError(
        `NODE_AGENT_CONFIG: ${file} is not a readable JSON file (${(error as Error).message})`,
      );
    }
  }
  const merged: Record<string, unknown> = { ...fromFile };
  for (const [key, variable] of Object.entries(ENVIRONMENT)) {
    const value = environment[variable];
    if (value !== undefined && value !== '') merged[key] = value;
  }
  const parsed = AgentConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const name = ENVIRONMENT[key as keyof typeof ENVIRONMENT] ?? key;
    throw new ConfigError(`${name} (${key}): ${issue.message}`);
  }
  const config = parsed.data;
  return {
    ...config,
    dataDir: path.resolve(config.dataDir),
    workDir: path.resolve(config.workDir ?? path.join(os.tmpdir(), `federa-node-${config.robotId}`)),
  };
}
