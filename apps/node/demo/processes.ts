import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_NODE_OPTIONS } from '../../server/scripts/bundle-server.ts';
import { AGENT_ENVIRONMENT, AGENT_NODE_OPTIONS } from '../scripts/bundle-agent.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export interface Started {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the hub from its bundle (`bundleServer`) with the V8 options `npm start` uses, its output
 * kept (the last lines) and, when `echo` is given, printed line by line with that prefix.
 */
export function startHub(
  bundle: string,
  env: Record<string, string>,
  echo?: (line: string) => void,
): Started {
  return startNode([...SERVER_NODE_OPTIONS, bundle], env, echo);
}

/**
 * Runs the node agent from its bundle (`bundleAgent`), as a site runs it (`npm start -w @federa/node`):
 * plain Node.js, no TypeScript loader, its V8 options and environment, so its memory is what a site sees.
 */
export function startAgent(
  bundle: string,
  env: Record<string, string>,
  echo?: (line: string) => void,
): Started {
  return startNode([...AGENT_NODE_OPTIONS, bundle], { ...AGENT_ENVIRONMENT, ...env }, echo);
}

function startNode(args: string[], env: Record<string, string>, echo?: (line: string) => void): Started {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-20_000);
    if (echo) for (const line of text.split('\n')) if (line.trim()) echo(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Resident memory of a process in MB (Linux): its peak (`VmHWM`) or now (`VmRSS`), or undefined. */
export async function residentMb(
  pid: number | undefined,
  which: 'peak' | 'now' = 'peak',
): Promise<number | undefined> {
  if (!pid) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${which === 'peak' ? 'VmHWM' : 'VmRSS'}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs: number,
  failed?: () => string | undefined,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    const failure = failed?.();
    if (failure) throw new Error(`${what}: ${failure}`);
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
