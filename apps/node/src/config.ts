import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
/** Which runtime runs an analysis: containers through the Docker Engine API, or the host's interpreters. */
export const DRIVERS = ['docker', 'process'] as const;
export type DriverName = (typeof DRIVERS)[number];

export interface AgentSettings {
  hubUrl: string;
  robotId: string;
  robotSecret: string;
  dataDir: string;
  workDir?: string;
  driver: DriverName;
  /** Realms (ids) whose projects and analyses are approved without a person. */
  autoApproveRealms: string[];
  interpreters: Record<string, string>;
  runTimeoutMs: number;
  runMemoryMb: number;
  /** Whether an analysis may reach the network (the docker driver; the process driver cannot stop it). */
  runNetwork: boolean;
  pollIntervalMs: number;
  dockerSocket: string;
  /** The registry address of the hub's images as this site reaches it, when it differs from the hub's record. */
  registryUrl?: string;
}

export type AgentConfig = AgentSettings & { workDir: string };

/**
 * The settings are checked by hand rather than with zod: the agent loads nothing else of zod, and
 * leaving it out of the bundle saves the agent about 15 MB of memory (docs/node-agent.md, "Memory").
 */
class InvalidSetting extends Error {
  constructor(
    readonly key: keyof AgentSettings,
    message: string,
  ) {
    super(message);
  }
}

const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

type Values = Record<string, unknown>;

function text(values: Values, key: keyof AgentSettings, message: string, minLength = 1): string {
  const value = values[key];
  if (typeof value !== 'string' || value.length < minLength) throw new InvalidSetting(key, message);
  return value;
}

function optionalText(values: Values, key: keyof AgentSettings): string | undefined {
  return values[key] === undefined ? undefined : text(values, key, 'must be text');
}

function positiveInt(values: Values, key: keyof AgentSettings, fallback: number): number {
  if (values[key] === undefined) return fallback;
  const value = Number(values[key]);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidSetting(key, 'must be a positive whole number');
  }
  return value;
}

function list(values: Values, key: keyof AgentSettings): string[] {
  const value = values[key];
  if (value === undefined) return [];
  const items = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(items) || items.some((item) => typeof item !== 'string')) {
    throw new InvalidSetting(key, 'must be a comma-separated list');
  }
  return (items as string[]).map((item) => item.trim()).filter(Boolean);
}

/** `python=python3,Rscript=/usr/bin/Rscript`, or the same as an object in the config file. */
function interpreterMap(values: Values): Record<string, string> {
  const value = values.interpreters;
  if (value === undefined) return { python: 'python3' };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if (Object.values(value).some((item) => typeof item !== 'string')) {
      throw new InvalidSetting('interpreters', 'must map commands to interpreters');
    }
    return value as Record<string, string>;
  }
  if (typeof value !== 'string')
    throw new InvalidSetting('interpreters', 'must map commands to interpreters');
  const map: Record<string, string> = {};
  for (const pair of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [from, to] = pair.split('=');
    if (!from || !to)
      throw new InvalidSetting('interpreters', `"${pair}" is not of the form command=interpreter`);
    map[from.trim()] = to.trim();
  }
  return map;
}

function flag(values: Values, key: keyof AgentSettings): boolean {
  const value = values[key];
  if (value === undefined) return false;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw new InvalidSetting(key, 'must be true or false');
}

/** Checks the merged settings (file and environment) and fills in the defaults. */
export function parseAgentSettings(values: Values): AgentSettings {
  const hubUrl = text(values, 'hubUrl', 'must be the address of the hub, e.g. http://hub.example.org');
  if (!URL.canParse(hubUrl)) {
    throw new InvalidSetting('hubUrl', 'must be the address of the hub, e.g. http://hub.example.org');
  }
  const robotId = text(values, 'robotId', "must be the id of the node's robot");
  if (!UUID.test(robotId)) throw new InvalidSetting('robotId', "must be the id of the node's robot");
  const driver = values.driver;
  if (!DRIVERS.includes(driver as DriverName)) {
    throw new InvalidSetting('driver', `must be one of ${DRIVERS.join(', ')}`);
  }
  const autoApproveRealms = list(values, 'autoApproveRealms');
  if (autoApproveRealms.some((realm) => !UUID.test(realm))) {
    throw new InvalidSetting('autoApproveRealms', 'must list realm ids, separated by commas');
  }
  const workDir = optionalText(values, 'workDir');
  const registryUrl = optionalText(values, 'registryUrl');
  return {
    hubUrl: hubUrl.replace(/\/+$/, ''),
    robotId,
    robotSecret: text(values, 'robotSecret', "must be the secret of the node's robot", 3),
    dataDir: text(values, 'dataDir', "must be the directory holding the site's data"),
    ...(workDir !== undefined ? { workDir } : {}),
    driver: driver as DriverName,
    autoApproveRealms,
    interpreters: interpreterMap(values),
    runTimeoutMs: positiveInt(values, 'runTimeoutMs', 15 * 60_000),
    runMemoryMb: positiveInt(values, 'runMemoryMb', 1024),
    runNetwork: flag(values, 'runNetwork'),
    pollIntervalMs: positiveInt(values, 'pollIntervalMs', 10_000),
    dockerSocket:
      values.dockerSocket === undefined
        ? '/var/run/docker.sock'
        : text(values, 'dockerSocket', 'must be a path'),
    ...(registryUrl !== undefined ? { registryUrl } : {}),
  };
}

/** Environment variable of each setting; `NODE_AGENT_CONFIG` names a JSON file with the same keys. */
export const ENVIRONMENT: Record<keyof AgentSettings, string> = {
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
  let config: AgentSettings;
  try {
    config = parseAgentSettings(merged);
  } catch (error) {
    if (!(error instanceof InvalidSetting)) throw error;
    throw new ConfigError(`${ENVIRONMENT[error.key]} (${error.key}): ${error.message}`);
  }
  return {
    ...config,
    dataDir: path.resolve(config.dataDir),
    workDir: path.resolve(config.workDir ?? path.join(os.tmpdir(), `federa-node-${config.robotId}`)),
  };
}
