import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * A throw-away OCI registry for tests: Debian's `docker-registry` (the CNCF distribution registry)
 * with filesystem storage in a temporary directory, listening on a free loopback port, deletes on.
 */

export interface TestRegistry {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `127.0.0.1:PORT`, as image names carry it. */
  host: string;
  storageDirectory: string;
  stop: () => Promise<void>;
}

export function findRegistryBinary(): string | undefined {
  for (const directory of ['/usr/bin', '/usr/local/bin', ...(process.env.PATH ?? '').split(path.delimiter)]) {
    const candidate = path.join(directory, 'docker-registry');
    if (directory && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Whether registry tests can run. Without `docker-registry` they are skipped with one loud line,
 * unless REQUIRE_ALL=1, where a missing registry is a failure.
 */
export function registryAvailable(): boolean {
  if (findRegistryBinary()) return true;
  const message =
    'REGISTRY TESTS SKIPPED: docker-registry not found; install it with "apt-get install -y docker-registry".';
  if (process.env.REQUIRE_ALL === '1') throw new Error(message);
  console.warn(message);
  return false;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function config(storageDirectory: string, port: number): string {
  return [
    'version: 0.1',
    'log:',
    '  level: error',
    '  accesslog:',
    '    disabled: true',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${storageDirectory}`,
    '  delete:',
    '    enabled: true',
    'http:',
    `  addr: 127.0.0.1:${port}`,
    '',
  ].join('\n');
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`docker-registry exited with code ${child.exitCode}: ${output()}`);
    try {
      const response = await fetch(`${url}/v2/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`docker-registry did not start: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a registry; call `stop()` when done (it removes the stored images). */
export async function startRegistry(): Promise<TestRegistry> {
  const binary = findRegistryBinary();
  if (!binary) throw new Error('docker-registry is not installed');
  const directory = await mkdtemp(path.join(os.tmpdir(), 'federa-registry-'));
  const storageDirectory = path.join(directory, 'storage');
  const port = await freePort();
  const configPath = path.join(directory, 'config.yml');
  await writeFile(configPath, config(storageDirectory, port));
  const child = spawn(binary, ['serve', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    host: `127.0.0.1:${port}`,
    storageDirectory,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
