import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { unpackLayer } from '../image/code-layer.ts';
import type { Driver, ImageConfig, ImagePuller, RunOutcome, RunRequest } from './driver.ts';
import { groupResidentBytes, signalGroup } from './process-tree.ts';

const MEMORY_CHECK_INTERVAL_MS = 250;
/** How long a stopped analysis may take to end after SIGTERM before it is killed. */
const STOP_GRACE_MS = 5000;
/** Host variables an interpreter needs to start; nothing else of the agent's environment is passed on. */
const HOST_VARIABLES = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT'];

export interface ProcessDriverOptions {
  pullImage: ImagePuller;
  /** Interpreter names of images mapped to the host's (`python` → `python3`). */
  interpreters: Record<string, string>;
  /** Where each run gets its directory (the unpacked code), removed after the run. */
  workDir: string;
}

/** The command of an image: its entrypoint and command, as a container runtime would run them. */
export function commandOf(config: ImageConfig): string[] {
  return [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];
}

/**
 * The command on this host: the interpreter mapped (by its name, or the name of an absolute path's
 * file), and every absolute path that exists in the unpacked image pointing there.
 */
export function hostCommand(command: string[], root: string, interpreters: Record<string, string>): string[] {
  const [program, ...args] = command;
  if (!program) throw new Error('The image has neither an entrypoint nor a command.');
  const mapped = interpreters[program] ?? interpreters[path.posix.basename(program)];
  const inImage = (value: string) =>
    value.startsWith('/') && existsSync(path.join(root, value)) ? path.join(root, value) : value;
  return [mapped ?? inImage(program), ...args.map(inImage)];
}

/**
 * Runs an analysis without a container runtime: the code layer of its image is unpacked into a work
 * directory and its command is run with the host's interpreter. The time limit and the memory
 * limit (resident memory of the whole process group, checked every 250 ms) are enforced; the
 * input directory is read-only by contract only and the network is not cut off, which a site
 * that needs either enforced gets from the docker driver.
 */
export class ProcessDriver implements Driver {
  readonly name = 'process';

  constructor(private readonly options: ProcessDriverOptions) {}

  async run(request: RunRequest): Promise<RunOutcome> {
    const image = await this.options.pullImage(request.image);
    const runDir = path.join(this.options.workDir, request.runId);
    const root = path.join(runDir, 'image');
    await rm(runDir, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    try {
      await unpackLayer(await image.codeLayer(), root);
      const command = hostCommand(commandOf(image.config), root, this.options.interpreters);
      request.onStarted();
      const workingDir = image.config.WorkingDir ? path.join(root, image.config.WorkingDir) : undefined;
      const cwd = workingDir && existsSync(workingDir) ? workingDir : root;
      return await this.spawn(command, cwd, this.environment(image.config, request, runDir), request);
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  }

  private environment(config: ImageConfig, request: RunRequest, runDir: string): Record<string, string> {
    const env: Record<string, string> = {};
    for (const name of HOST_VARIABLES) {
      const value = process.env[name];
      if (value !== undefined) env[name] = value;
    }
    for (const pair of config.Env ?? []) {
      const index = pair.indexOf('=');
      const name = index > 0 ? pair.slice(0, index) : '';
      // The image's PATH names directories of the image's file system, not of this host.
      if (name && name !== 'PATH' && name !== 'HOME') env[name] = pair.slice(index + 1);
    }
    return {
      ...env,
      HOME: runDir,
      ...request.env,
      FEDERA_INPUT_DIR: request.inputDir,
      FEDERA_OUTPUT_DIR: request.outputDir,
    };
  }

  private spawn(
    command: string[],
    cwd: string,
    env: Record<string, string>,
    request: RunRequest,
  ): Promise<RunOutcome> {
    return new Promise((resolve, reject) => {
      const child = spawn(command[0]!, command.slice(1), {
        cwd,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.once('spawn', () => request.onRunning());
      let ended: RunOutcome['ended'];
      const end = (reason: NonNullable<RunOutcome['ended']>, signal: NodeJS.Signals) => {
        if (ended || child.pid === undefined) return;
        ended = reason;
        signalGroup(child.pid, signal);
        if (signal !== 'SIGKILL') setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), STOP_GRACE_MS).unref();
      };
      const timer = setTimeout(() => end('timeout', 'SIGKILL'), request.timeoutMs);
      let checking = false;
      const memory = setInterval(() => {
        if (checking || child.pid === undefined) return;
        checking = true;
        groupResidentBytes(child.pid)
          .then((bytes) => {
            if (bytes > request.memoryBytes) end('memory', 'SIGKILL');
          })
          .finally(() => (checking = false));
      }, MEMORY_CHECK_INTERVAL_MS);
      const onAbort = () => end('stopped', 'SIGTERM');
      request.signal.addEventListener('abort', onAbort, { once: true });
      if (request.signal.aborted) onAbort();

      const lines = (stream: NodeJS.ReadableStream, name: 'stdout' | 'stderr') =>
        new Promise<void>((done) => {
          const reader = createInterface({ input: stream, crlfDelay: Infinity });
          reader.on('line', (line) => request.onLine(name, line));
          reader.on('close', done);
        });
      const streamsDone = Promise.all([lines(child.stdout!, 'stdout'), lines(child.stderr!, 'stderr')]);

      child.once('error', (error) => {
        clearTimeout(timer);
        clearInterval(memory);
        request.signal.removeEventListener('abort', onAbort);
        reject(new Error(`The command ${command[0]} could not be started: ${error.message}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        clearInterval(memory);
        request.signal.removeEventListener('abort', onAbort);
        // Whatever the group left running (a child that outlived the analysis) goes with it.
        if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
        void streamsDone.then(() => resolve({ exitCode: code, ...(ended ? { ended } : {}) }));
      });
    });
  }
}
