import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** One value of the server's Prometheus metrics (`/metrics`), e.g. `process_cpu_seconds_total`. */
export async function serverMetric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = new RegExp(`^${name}\\s+(\\S+)$`, 'm').exec(text);
  if (!match) throw new Error(`${name} is missing from /metrics`);
  return Number(match[1]);
}

/**
 * CPU seconds the server process has used so far. Unlike requests per second, CPU time per request
 * hardly depends on what else the machine is busy with.
 */
export const serverCpuSeconds = (url: string): Promise<number> =>
  serverMetric(url, 'process_cpu_seconds_total');

/** Whether a PostgreSQL server answers at the URL (the benchmarks skip their PostgreSQL part if not). */
export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's resident memory in bytes, as its own metrics report it. */
export const serverRssBytes = (url: string): Promise<number> =>
  serverMetric(url, 'process_resident_memory_bytes');

/** The process id of the server started with this data directory (Linux: read from /proc). */
export function serverPidOf(dataDir: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environment = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environment.includes(`DATA_DIR=${dataDir}`)) return Number(entry);
    } catch {
      // not ours, or gone
    }
  }
  return undefined;
}

/** A process's resident memory now (VmRSS) or its peak since it started (VmHWM), in bytes. */
export function processMemoryBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`${field} is missing from /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}
