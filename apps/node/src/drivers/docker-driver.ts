import { createInterface } from 'node:readline';
import { DockerApi, demultiplexLines } from './docker-api.ts';
import {
  CONTAINER_INPUT_DIR,
  CONTAINER_OUTPUT_DIR,
  DigestMismatchError,
  type Driver,
  type ImageReference,
  type RunOutcome,
  type RunRequest,
} from './driver.ts';

export interface DockerDriverOptions {
  /** The Engine API socket (Docker's, or Podman's compatible one). */
  socketPath: string;
}

interface ImageInspect {
  RepoDigests?: string[];
}

interface ContainerInspect {
  State?: { OOMKilled?: boolean };
}

/**
 * Runs an analysis in a container through the Docker Engine API: the image is pulled with the node
 * project's credentials and must carry the digest the hub recorded (it is then run by that digest,
 * so nothing can swap it in between); the site's data is mounted read-only at /mnt/input, the output
 * directory at /mnt/output; no network unless configured; memory and time limited.
 */
export class DockerDriver implements Driver {
  readonly name = 'docker';
  private readonly api: DockerApi;

  constructor(options: DockerDriverOptions) {
    this.api = new DockerApi(options.socketPath);
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    const pinned = await this.pull(request.image);
    request.onStarted();
    const created = await this.api.call<{ Id: string }>({
      method: 'POST',
      path: `/containers/create?name=${encodeURIComponent(`federa-${request.runId}`)}`,
      body: {
        Image: pinned,
        Env: Object.entries({
          ...request.env,
          FEDERA_INPUT_DIR: CONTAINER_INPUT_DIR,
          FEDERA_OUTPUT_DIR: CONTAINER_OUTPUT_DIR,
        }).map(([name, value]) => `${name}=${value}`),
        Labels: { 'org.federa.run': request.runId },
        NetworkDisabled: !request.network,
        HostConfig: {
          Binds: [
            `${request.inputDir}:${CONTAINER_INPUT_DIR}:ro`,
            `${request.outputDir}:${CONTAINER_OUTPUT_DIR}:rw`,
          ],
          NetworkMode: request.network ? 'bridge' : 'none',
          Memory: request.memoryBytes,
          MemorySwap: request.memoryBytes,
        },
      },
    });
    const id = created.Id;
    let ended: RunOutcome['ended'];
    const end = (reason: NonNullable<RunOutcome['ended']>) => {
      if (ended) return;
      ended = reason;
      const path = reason === 'stopped' ? `/containers/${id}/stop?t=5` : `/containers/${id}/kill`;
      void this.api.call({ method: 'POST', path }).catch(() => {});
    };
    try {
      await this.api.call({ method: 'POST', path: `/containers/${id}/start` });
      request.onRunning();
      const timer = setTimeout(() => end('timeout'), request.timeoutMs);
      const onAbort = () => end('stopped');
      request.signal.addEventListener('abort', onAbort, { once: true });
      if (request.signal.aborted) onAbort();
      try {
        const logs = this.api
          .stream({ method: 'GET', path: `/containers/${id}/logs?follow=1&stdout=1&stderr=1` })
          .then((stream) => demultiplexLines(stream, request.onLine));
        const waited = await this.api.call<{ StatusCode: number }>({
          method: 'POST',
          path: `/containers/${id}/wait`,
        });
        await logs.catch(() => {});
        if (!ended) {
          const inspect = await this.api.call<ContainerInspect>({
            method: 'GET',
            path: `/containers/${id}/json`,
          });
          if (inspect.State?.OOMKilled) ended = 'memory';
        }
        return { exitCode: waited.StatusCode, ...(ended ? { ended } : {}) };
      } finally {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
      }
    } finally {
      await this.api.call({ method: 'DELETE', path: `/containers/${id}?force=1` }).catch(() => {});
    }
  }

  /** Pulls the image and answers the reference pinned to the recorded digest. */
  private async pull(image: ImageReference): Promise<string> {
    const name = `${image.registry}/${image.repository}`;
    const auth = image.credentials
      ? {
          username: image.credentials.username,
          password: image.credentials.password,
          serveraddress: image.registry,
        }
      : {};
    const progress = await this.api.stream({
      method: 'POST',
      path: `/images/create?fromImage=${encodeURIComponent(name)}&tag=${encodeURIComponent(image.tag)}`,
      headers: { 'X-Registry-Auth': Buffer.from(JSON.stringify(auth)).toString('base64url') },
    });
    // A failed pull still answers 200; the error is a line of the progress stream.
    for await (const line of createInterface({ input: progress, crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line) as { error?: string; errorDetail?: { message?: string } };
      if (entry.error)
        throw new Error(`Pulling ${image.reference} failed: ${entry.errorDetail?.message ?? entry.error}`);
    }
    const inspect = await this.api.call<ImageInspect>({
      method: 'GET',
      path: `/images/${encodeURIComponent(`${name}:${image.tag}`)}/json`,
    });
    const digests = (inspect.RepoDigests ?? [])
      .filter((entry) => entry.startsWith(`${name}@`))
      .map((entry) => entry.slice(name.length + 1));
    if (!digests.includes(image.digest))
      throw new DigestMismatchError(image.digest, digests.join(', ') || 'none');
    return `${name}@${image.digest}`;
  }
}
