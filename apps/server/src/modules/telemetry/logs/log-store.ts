import type { ListResponse } from '@federa/schemas';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { filtersToSql, runListQuery } from '#platform/http/query/index.ts';
import { telemetryLogs } from '../db/logs.ts';
import { labelFiltersToSql } from './label-filters.ts';
import type { LogChannel, LogLevel } from './log-levels.ts';
import { logQuery, type ParsedLogQuery } from './log-query.ts';
import { nowInNanoseconds } from './nanoseconds.ts';

export type LogRow = typeof telemetryLogs.$inferSelect;

/** A log line to write; other modules (analysis builds, node runs) write through this too. */
export interface LogInput {
  /** Nanoseconds since the epoch as a decimal string; defaults to now. */
  time?: string;
  level: LogLevel;
  message: string;
  service?: string | null;
  channel?: LogChannel;
  labels?: Record<string, string>;
  realm_id?: string | null;
}

export async function writeLog(db: Executor, input: LogInput): Promise<LogRow> {
  const [row] = await db
    .insert(telemetryLogs)
    .values({
      time: input.time ?? nowInNanoseconds(),
      level: input.level,
      message: input.message,
      service: input.service ?? null,
      channel: input.channel ?? 'system',
      labels: input.labels ?? {},
      realm_id: input.realm_id ?? null,
    })
    .returning();
  return row!;
}

/** The condition of a parsed query's filters (columns and labels), plus the caller's restriction. */
export function logConditions(parsed: ParsedLogQuery, restriction: SQL | undefined): SQL | undefined {
  return and(filtersToSql(parsed.filters, logQuery), labelFiltersToSql(parsed.labels), restriction);
}

export function listLogs(
  db: Executor,
  parsed: ParsedLogQuery,
  restriction: SQL | undefined,
): Promise<ListResponse<Record<string, unknown>>> {
  return runListQuery(db, logQuery, parsed, { where: and(labelFiltersToSql(parsed.labels), restriction) });
}

/** Deletes the matching lines in one statement; returns how many. */
export async function deleteLogs(db: Executor, where: SQL): Promise<number> {
  const result = await db.execute(sql`
    with deleted as (delete from ${telemetryLogs} where ${where} returning 1)
    select count(*)::int as count from deleted
  `);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as { count: number }[];
  return Number(rows[0]?.count ?? 0);
}
