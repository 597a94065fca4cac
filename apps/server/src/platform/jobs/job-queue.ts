import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/index.ts';

/*
 * A durable job queue on PostgreSQL rows, the same on PGlite and PostgreSQL (decision record
 * docs/decisions/0020-job-queue-on-task-tables.md). A job is a row of a task table with the job
 * columns (core/db/job-columns.ts). Workers claim one with `FOR UPDATE SKIP LOCKED`, so several
 * worker processes never take the same job; a claim is a lease the worker renews while it works.
 * A worker that dies (kill -9) stops renewing, and once the lease has passed another worker takes
 * the job over: delivery is at least once, so handlers are idempotent.
 */

export const JobStatus = {
  QUEUED: 'queued',
  RUNNING: 'running',
  FINISHED: 'finished',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const;
export const JOB_STATUSES = Object.values(JobStatus);

export interface JobRow {
  id: string;
  status: string;
  attempts: number;
  max_attempts: number;
  payload: Record<string, unknown> | null;
  last_error: string | null;
  [column: string]: unknown;
}

export interface JobQueueOptions {
  /** How long a claim holds without renewal. */
  leaseMs: number;
  /** First retry delay; each further attempt waits twice as long, at most `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Names this worker in `locked_by`; unique per process by default. */
  workerId?: string;
}

/** A process-unique worker name: host, pid and a random part (a restarted pid is another worker). */
export function defaultWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: unknown[] }).rows ?? result) as T[];
}

export class JobQueue {
  readonly workerId: string;
  readonly #table: SQL;
  readonly #leaseMs: number;
  readonly #backoffMs: number;
  readonly #maxBackoffMs: number;

  constructor(
    private readonly db: Executor,
    readonly tableName: string,
    options: JobQueueOptions,
  ) {
    this.#table = sql`${sql.identifier(tableName)}`;
    this.#leaseMs = options.leaseMs;
    this.#backoffMs = options.backoffMs ?? 2000;
    this.#maxBackoffMs = options.maxBackoffMs ?? 60_000;
    this.workerId = options.workerId ?? defaultWorkerId();
  }

  /**
   * Takes the next due job: a queued one whose time has come, or a running one whose worker let its
   * lease pass. `where` narrows the candidates (e.g. to the task names this worker handles).
   */
  async claim(where?: SQL): Promise<JobRow | undefined> {
    const t = this.#table;
    const result = await this.db.execute(sql`
      update ${t} set
        status = ${JobStatus.RUNNING},
        attempts = attempts + 1,
        locked_by = ${this.workerId},
        lease_until = now() + ${this.#leaseMs} * interval '1 millisecond',
        updated_at = now()
      where id = (
        select id from ${t}
        where ((status = ${JobStatus.QUEUED} and run_at <= now())
          or (status = ${JobStatus.RUNNING} and lease_until < now()))
          ${where ? sql`and (${where})` : sql``}
        order by run_at, created_at
        limit 1
        for update skip locked
      )
      returning *
    `);
    return rowsOf<JobRow>(result)[0];
  }

  /**
   * Renews the lease; false when the job is no longer this worker's to run (cancelled, or taken
   * over after the lease passed), in which case the worker stops working on it.
   */
  async renew(id: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      update ${this.#table} set lease_until = now() + ${this.#leaseMs} * interval '1 millisecond', updated_at = now()
      where id = ${id} and status = ${JobStatus.RUNNING} and locked_by = ${this.workerId}
      returning id
    `);
    return rowsOf(result).length > 0;
  }

  /** Marks the job done, when it is still this worker's (same transaction as the job's effects). */
  async complete(id: string, executor: Executor = this.db): Promise<boolean> {
    const result = await executor.execute(sql`
      update ${this.#table} set status = ${JobStatus.FINISHED}, lease_until = null, locked_by = null,
        last_error = null, updated_at = now()
      where id = ${id} and status = ${JobStatus.RUNNING} and locked_by = ${this.workerId}
      returning id
    `);
    return rowsOf(result).length > 0;
  }

  /**
   * Records a failed attempt: the job waits and runs again while it has attempts left (`retry`),
   * else it ends `failed` with the error, for an administrator to see and retry.
   */
  async fail(job: JobRow, error: string, options: { retry: boolean }, executor: Executor = this.db) {
    const retry = options.retry && job.attempts < job.max_attempts;
    const delay = Math.min(this.#backoffMs * 2 ** Math.max(0, job.attempts - 1), this.#maxBackoffMs);
    const result = await executor.execute(sql`
      update ${this.#table} set
        status = ${retry ? JobStatus.QUEUED : JobStatus.FAILED},
        run_at = now() + ${retry ? delay : 0} * interval '1 millisecond',
        lease_until = null, locked_by = null, last_error = ${error.slice(0, 4000)}, updated_at = now()
      where id = ${job.id} and status = ${JobStatus.RUNNING} and locked_by = ${this.workerId}
      returning id
    `);
    return { retrying: retry, delayMs: retry ? delay : 0, recorded: rowsOf(result).length > 0 };
  }

  /** Gives a job back without counting the attempt (the worker is shutting down). */
  async release(id: string): Promise<void> {
    await this.db.execute(sql`
      update ${this.#table} set status = ${JobStatus.QUEUED}, attempts = greatest(attempts - 1, 0),
        lease_until = null, locked_by = null, updated_at = now()
      where id = ${id} and status = ${JobStatus.RUNNING} and locked_by = ${this.workerId}
    `);
  }

  /** Lets this worker's hold on a job go without changing its status (a cancelled job after cleanup). */
  async letGo(id: string): Promise<void> {
    await this.db.execute(sql`
      update ${this.#table} set lease_until = null, locked_by = null, updated_at = now()
      where id = ${id} and locked_by = ${this.workerId}
    `);
  }

  /** An administrator's retry of a failed job: queued again, due now, with its attempts back. */
  async retry(id: string, executor: Executor = this.db): Promise<JobRow | undefined> {
    const result = await executor.execute(sql`
      update ${this.#table} set status = ${JobStatus.QUEUED}, attempts = 0, run_at = now(), last_error = null,
        lease_until = null, locked_by = null, updated_at = now()
      where id = ${id} and status = ${JobStatus.FAILED}
      returning *
    `);
    return rowsOf<JobRow>(result)[0];
  }
}
