import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DigestMismatchError, type ImageReference, type RunRequest } from '../src/drivers/driver.ts';
import { DockerDriver } from '../src/drivers/docker-driver.ts';
import { startFakeDocker, type FakeDocker } from './support/fake-docker.ts';

const DIGEST = `sha256:${'a'.repeat(64)}`;
const IMAGE: ImageReference = {
  reference: '127.0.0.1:5000/site-project/analysis-1:latest',
  registry: '127.0.0.1:5000',
  repository: 'site-project/analysis-1',
  tag: 'latest',
  digest: DIGEST,
  credentials: { username: 'robot$site', password: 'pull-secret' },
};

/** The docker driver against a fake of the Docker Engine API (no daemon can run here). */
describe('docker driver', () => {
  let docker: FakeDocker;
  let driver: DockerDriver;

  beforeAll(async () => {
    docker = await startFakeDocker();
    driver = new DockerDriver({ socketPath: docker.socketPath });
  });
  afterAll(() => docker.stop());
  beforeEach(() => {
    docker.requests.length = 0;
    docker.script = {};
    docker.digests.set('127.0.0.1:5000/site-project/analysis-1:latest', DIGEST);
    docker.pullErrors.clear();
  });

  const run = (overrides: Partial<RunRequest> = {}) => {
    const lines: string[] = [];
    const transitions: string[] = [];
    const outcome = driver.run({
      runId: 'analysis-1-node-1',
      image: IMAGE,
      inputDir: '/srv/site-data',
      outputDir: '/var/lib/federa/run/output',
      env: { FEDERA_ROLE: 'default', FEDERA_ANALYSIS_ID: 'analysis-1', FEDERA_NODE_ID: 'node-1' },
      timeoutMs: 60_000,
      memoryBytes: 256 * 1024 * 1024,
      network: false,
      signal: new AbortController().signal,
      onLine: (stream, line) => lines.push(`${stream}: ${line}`),
      onStarted: () => transitions.push('started'),
      onRunning: () => transitions.push('running'),
      ...overrides,
    });
    return { outcome, lines, transitions };
  };
  const requestTo = (method: string, pattern: RegExp) =>
    docker.requests.find((request) => request.method === method && pattern.test(request.path));

  it('pulls with the credentials, runs the recorded digest with the data read-only and no network', async () => {
    docker.script = {
      output: [
        { stream: 'stdout', text: '3 rows\nmeans ' },
        { stream: 'stdout', text: 'computed\n' },
        { stream: 'stderr', text: 'a warning\n' },
      ],
      exitCode: 0,
    };
    const { outcome, lines, transitions } = run();
    expect(await outcome).toEqual({ exitCode: 0 });
    expect(transitions).toEqual(['started', 'running']);
    expect(lines).toEqual(['stdout: 3 rows', 'stdout: means computed', 'stderr: a warning']);

    const pull = requestTo('POST', /^\/v1\.41\/images\/create\?/)!;
    expect(pull.path).toBe(
      '/v1.41/images/create?fromImage=127.0.0.1%3A5000%2Fsite-project%2Fanalysis-1&tag=latest',
    );
    const auth = JSON.parse(
      Buffer.from(String(pull.headers['x-registry-auth']), 'base64url').toString('utf8'),
    );
    expect(auth).toEqual({
      username: 'robot$site',
      password: 'pull-secret',
      serveraddress: '127.0.0.1:5000',
    });

    const create = requestTo('POST', /^\/v1\.41\/containers\/create/)!.body as {
      Image: string;
      Env: string[];
      NetworkDisabled: boolean;
      HostConfig: { Binds: string[]; NetworkMode: string; Memory: number };
    };
    expect(create.Image).toBe(`127.0.0.1:5000/site-project/analysis-1@${DIGEST}`);
    expect(create.HostConfig.Binds).toEqual([
      '/srv/site-data:/mnt/input:ro',
      '/var/lib/federa/run/output:/mnt/output:rw',
    ]);
    expect(create.HostConfig.NetworkMode).toBe('none');
    expect(create.NetworkDisabled).toBe(true);
    expect(create.HostConfig.Memory).toBe(256 * 1024 * 1024);
    expect(create.Env).toEqual(
      expect.arrayContaining([
        'FEDERA_INPUT_DIR=/mnt/input',
        'FEDERA_OUTPUT_DIR=/mnt/output',
        'FEDERA_ROLE=default',
      ]),
    );
    expect(create.Env.some((entry) => entry.startsWith('NODE_') || entry.startsWith('HUB_'))).toBe(false);
    // The container is removed after the run.
    expect(docker.containers.size).toBe(0);
  });

  it('gives the network when the site allows it', async () => {
    await run({ network: true }).outcome;
    const create = requestTo('POST', /containers\/create/)!.body as { HostConfig: { NetworkMode: string } };
    expect(create.HostConfig.NetworkMode).toBe('bridge');
  });

  it('reports a non-zero exit code', async () => {
    docker.script = { output: [{ stream: 'stderr', text: 'no data\n' }], exitCode: 3 };
    const { outcome, lines } = run();
    expect(await outcome).toEqual({ exitCode: 3 });
    expect(lines).toEqual(['stderr: no data']);
  });

  it('refuses an image whose digest is not the recorded one and creates no container', async () => {
    docker.digests.set('127.0.0.1:5000/site-project/analysis-1:latest', `sha256:${'b'.repeat(64)}`);
    const { outcome, transitions } = run();
    await expect(outcome).rejects.toBeInstanceOf(DigestMismatchError);
    expect(transitions).toEqual([]);
    expect(requestTo('POST', /containers\/create/)).toBeUndefined();
  });

  it('fails with the daemon’s message when the pull fails', async () => {
    docker.pullErrors.set(
      '127.0.0.1:5000/site-project/analysis-1:latest',
      'unauthorized: authentication required',
    );
    await expect(run().outcome).rejects.toThrow('unauthorized: authentication required');
  });

  it('kills a container that exceeds the time limit', async () => {
    docker.script = { hang: true };
    const { outcome } = run({ timeoutMs: 200 });
    expect(await outcome).toEqual({ exitCode: 137, ended: 'timeout' });
    expect(requestTo('POST', /\/kill$/)).toBeDefined();
  });

  it('reports a container the kernel ended for its memory', async () => {
    docker.script = { exitCode: 137, oomKilled: true };
    expect(await run().outcome).toEqual({ exitCode: 137, ended: 'memory' });
  });

  it('stops the container when the hub stops the run', async () => {
    docker.script = { hang: true };
    const controller = new AbortController();
    const { outcome, transitions } = run({ signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transitions).toEqual(['started', 'running']);
    controller.abort();
    expect(await outcome).toEqual({ exitCode: 143, ended: 'stopped' });
    expect(requestTo('POST', /\/stop\?t=5$/)).toBeDefined();
  });
});
