import { count, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AnyPgDatabase } from './database.ts';

/**
 * Up to this many matching rows a list's total is counted exactly; beyond it, the total is the
 * planner's estimate and `meta.estimated` says so (docs/decisions/0095-list-totals-counted-up-to-a-cap.md).
 * Counting stops at the cap, so a page costs the same at 100,000 rows as at 10.
 */
export const EXACT_COUNT_UP_TO = 1_000;

/** The subquery counting the visible rows, stopping one past the cap. */
export function cappedCount(db: AnyPgDatabase, table: PgTable, where: SQL | undefined, cap: number) {
  const visible = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('visible');
  return db.select({ total: count() }).from(visible);
}

const ESTIMATE_TTL_MS = 30_000;
const ESTIMATE_CACHE_SIZE = 256;
/** Estimates by statement and parameters; a bounded map, oldest entry out first. */
const estimates = new Map<string, { rows: number; at: number }>();

/**
 * How many rows the planner expects `SELECT 1 FROM table WHERE ...` to return: a plan, no scan.
 * Kept for a while per statement, since a list is asked for again and again.
 */
export async function estimateVisible(
  db: AnyPgDatabase,
  table: PgTable,
  where: SQL | undefined,
): Promise<number> {
  const statement = db
    .select({ one: sql`1` })
    .from(table)
    .where(where);
  const { sql: text, params } = statement.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  const cached = estimates.get(key);
  if (cached && now - cached.at < ESTIMATE_TTL_MS) return cached.rows;

  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${statement}`)) as unknown;
  const rows = planRows(result);
  estimates.delete(key);
  estimates.set(key, { rows, at: now });
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
