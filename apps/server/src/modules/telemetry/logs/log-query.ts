import { MAX_LOG_PAGE_LIMIT } from '@federa/schemas';
import { invalidQuery } from '#platform/http/errors.ts';
import { defineResourceQuery, parseListQuery } from '#platform/http/query/index.ts';
import type { ParsedFilter, ParsedListQuery } from '#platform/http/query/index.ts';
import { parseFilterExpression } from '#platform/http/query/parse-filter.ts';
import { readQueryEntries, type RawEntry } from '#platform/http/query/raw-input.ts';
import { telemetryLogs } from '../db/logs.ts';
import { LABEL_KEY_PATTERN } from './log-levels.ts';

/** The log list's page: 50 lines by default, as the web app reads them, and at most 100. */
export const LOG_PAGE_LIMIT = 50;

/** What the log list declares for its columns; labels are handled beside it (label-filters.ts). */
export const logQuery = defineResourceQuery({
  table: telemetryLogs,
  fields: {
    default: ['id', 'time', 'level', 'message', 'service', 'channel', 'labels', 'realm_id', 'created_at'],
  },
  // `time` is numeric: its filter values stay decimal strings and compare numerically in SQL.
  filters: ['id', 'time', 'level', 'service', 'channel', 'realm_id', 'created_at'],
  sorts: ['time', 'created_at'],
  // Oldest first: a reader that remembers the last time it saw asks for `time>` that and appends.
  defaultSort: { time: 'ASC' },
  maxLimit: MAX_LOG_PAGE_LIMIT,
  defaultLimit: LOG_PAGE_LIMIT,
});

export interface ParsedLogQuery extends ParsedListQuery {
  /** Label filters; `field` is the label key. */
  labels: ParsedFilter[];
}

const LABELS_PREFIX = 'labels.';

/**
 * Reads a log list query. `filter[labels.<key>]` (or `filter[labels][<key>]`) filters on a label,
 * as the original's telemetry service reads them; so does `filter[<key>]` for any key that is not a
 * column, which is how the analysis views ask (`filter[analysis_id]=…`). Label values take the usual
 * grammar except comparisons: labels are strings, and ordering them would be lexical.
 */
export function parseLogQuery(raw: unknown): ParsedLogQuery {
  const rest: Record<string, string> = {};
  const labels: ParsedFilter[] = [];
  const seen = new Set<string>();

  for (const entry of readQueryEntries(raw)) {
    const key = entry.path.join('.');
    const label = entry.name === 'filter' ? labelKeyOf(key) : undefined;
    if (label === undefined) {
      rest[`${entry.name}${entry.path.map((segment) => `[${segment}]`).join('')}`] = entry.value;
      continue;
    }
    if (!LABEL_KEY_PATTERN.test(label)) {
      throw invalidQuery(entry.parameter, 'a label name consists of letters, digits and "_"');
    }
    if (seen.has(label)) throw invalidQuery(entry.parameter, `the label ${label} is filtered more than once`);
    seen.add(label);
    const parsed = parseLabelFilter(entry, label);
    if (parsed) labels.push(parsed);
  }
  return { ...parseListQuery(rest, logQuery), labels };
}

/** The label a filter key names, or undefined for a column filter. */
function labelKeyOf(key: string): string | undefined {
  if (key.startsWith(LABELS_PREFIX)) return key.slice(LABELS_PREFIX.length);
  if (logQuery.filters.has(key) || key.includes('.')) return undefined;
  return key;
}

function parseLabelFilter(entry: RawEntry, label: string): ParsedFilter | undefined {
  const value = entry.value.trim();
  // An empty filter is no filter, as for columns.
  if (value === '') return undefined;
  const filter = parseFilterExpression(entry.parameter, value, {
    field: label,
    label: `labels.${label}`,
    kind: 'text',
  });
  if (['lt', 'lte', 'gt', 'gte'].includes(filter.operator)) {
    throw invalidQuery(entry.parameter, `the label ${label} does not support "<" or ">"`);
  }
  return filter;
}
