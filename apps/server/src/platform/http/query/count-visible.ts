import { count, getTableName, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AnyPgDatabase } from './database.ts';
import type { RenderedCondition } from './list-statement.ts';

/**
 * Up to this many matching rows a list's total is counted exactly; beyond it, the total is the
 * planner's estimate and `meta.estimated` says so (docs/decisions/0095-list-totals-counted-up-to-a-cap.md).
 * Counting stops at the cap, so a page costs the same at 100,000 rows as at 10.
 */
export const EXACT_COUNT_UP_TO = 1_000;

/** The subquery counting the visible rows, stopping at `stopAt` (the cap + 1, or its placeholder). */
export function cappedCount(
  db: AnyPgDatabase,
  table: PgTable,
  where: SQL | undefined,
  stopAt: number | Placeholder,
) {
  const visible = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(stopAt)
    .as('visible');
  return db.select({ total: count() }).from(visible);
}

const ESTIMATE_TTL_MS = 30_000;
const ESTIMATE_CACHE_SIZE = 256;

interface KnownEstimate {
  rows: number;
  /** The count that led to the estimate read at least this many rows (its cap + 1). */
  atLeast: number;
  at: number;
}

/** Estimates by table, condition and parameters; a bounded map, oldest entry out first. */
const estimates = new Map<string, KnownEstimate>();

/** The rows an estimate explains, and the key it is kept under. */
export interface VisibleRows {
  readonly table: PgTable;
  readonly where: SQL | undefined;
  readonly key: string;
}

/**
 * Keys the estimate by table and condition, from the condition the list rendered already (this runs
 * for every page); the statement to explain is built on a miss.
 */
export function visibleRows(
  table: PgTable,
  where: SQL | undefined,
  rendered: RenderedCondition | undefined,
): VisibleRows {
  const name = getTableName(table);
  if (!where || !rendered) return { table, where, key: name };
  return { table, where, key: `${name}\u0000${rendered.text}\u0000${JSON.stringify(rendered.params)}` };
}

/**
 * The kept estimate when a count of these rows went past `cap` less than the estimate's lifetime
 * ago: the total is an estimate then anyway, so the capped count (which reads cap + 1 rows on every
 * request) can be skipped. Undefined when the rows must be counted.
 */
export function knownAboveCap(visible: VisibleRows, cap: number): number | undefined {
  const known = estimates.get(visible.key);
  if (!known || Date.now() - known.at >= ESTIMATE_TTL_MS || known.atLeast <= cap) return undefined;
  return known.rows;
}

/**
 * How many rows the planner expects `SELECT 1 FROM table WHERE ...` to return: a plan, no scan.
 * Kept for a while per statement, since a list is asked for again and again; `atLeast` is what the
 * count that led here proved to exist (see knownAboveCap).
 */
export async function estimateVisible(
  db: AnyPgDatabase,
  visible: VisibleRows,
  atLeast: number,
): Promise<number> {
  const now = Date.now();
  const cached = estimates.get(visible.key);
  if (cached && now - cached.at < ESTIMATE_TTL_MS) {
    if (atLeast > cached.atLeast) cached.atLeast = atLeast;
    return cached.rows;
  }

  const statement = db
    .select({ one: sql`1` })
    .from(visible.table)
    .where(visible.where);
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${statement}`)) as unknown;
  const rows = planRows(result);
  estimates.delete(visible.key);
  estimates.set(visible.key, { rows, atLeast, at: now });
  if (estimates.size > ESTIMATE_CACHE_SIZE) estimates.delete(estimates.keys().next().value as string);
  return rows;
}

/** "Plan Rows" of the top plan node, whichever driver answered (rows as an array or in `.rows`). */
function planRows(result: unknown): number {
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const first = rows[0] as Record<string, unknown> | undefined;
  const raw = first ? Object.values(first)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan?: { 'Plan Rows'?: number } }];
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
