import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS } from '../../apps/server/scripts/bundle-server.ts';
import { createExternalDatabase, type ExternalDatabase } from './database.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code once the process has ended. */
  stop(): Promise<number | null>;
  /** Kills the process at once (SIGKILL: no shutdown hooks run), as a crash would. */
  kill(): Promise<void>;
  /** Stops the server and removes its data directory and database. */
  destroy(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a data directory (and database) of an earlier run, e.g. to test a restart. */
  reuse?: { dataDir: string; databaseUrl?: string };
  env?: Record<string, string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs the server the way `npm start` does: its bundle with plain Node.js and the same V8 options
 * (built web app, real database). The e2e project's global setup and `npm run bench` bundle it first.
 */
export function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy in time:\n${output()}`);
}

/** Starts the real server on a free port with a temporary data directory (and database). */
export async function startServer(
  options: StartOptions = {},
): Promise<RunningServer & { databaseUrl?: string }> {
  const dataDir = options.reuse?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'federa-e2e-')));
  let database: ExternalDatabase | undefined;
  let databaseUrl = options.reuse?.databaseUrl;
  if (!options.reuse) {
    database = await createExternalDatabase();
    databaseUrl = database?.url;
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  try {
    await waitUntilHealthy(url, child, () => printed);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    dataDir,
    databaseUrl,
    output: () => printed,
    stop,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    destroy: async () => {
      await stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
