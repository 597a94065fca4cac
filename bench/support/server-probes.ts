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
