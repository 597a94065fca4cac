import { and, ilike, isNotNull, isNull, notIlike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { ParsedFilter } from '#platform/http/query/index.ts';
import { likePattern } from '#platform/http/query/filter-sql.ts';
import { telemetryLogs } from '../db/logs.ts';

/**
 * Label filters as SQL on the `labels` jsonb column. Equality and lists use containment (`@>`),
 * which the GIN index answers; the rest read the label's text. Keys and values are bound parameters.
 */
export function labelFiltersToSql(filters: readonly ParsedFilter[]): SQL | undefined {
  return and(...filters.map(labelFilterToSql));
}

function labelFilterToSql(filter: ParsedFilter): SQL {
  const key = filter.field;
  const text = sql`(${telemetryLogs.labels} ->> ${key}::text)`;
  const contains = (value: unknown) =>
    sql`${telemetryLogs.labels} @> ${JSON.stringify({ [key]: String(value) })}::jsonb`;

  switch (filter.operator) {
    case 'eq':
      return contains(filter.value);
    case 'ne':
      return sql`${text} <> ${String(filter.value)}`;
    case 'in': {
      const within = or(...filter.values.map(contains))!;
      return filter.orNull ? or(within, isNull(text))! : within;
    }
    case 'notIn':
      return notInArray(text, filter.values.map(String));
    case 'like':
      return or(...filter.values.map((value) => ilike(text, likePattern(value, filter.match))))!;
    case 'notLike':
      return and(...filter.values.map((value) => notIlike(text, likePattern(value, filter.match))))!;
    case 'isNull':
      return isNull(text);
    case 'isNotNull':
      return isNotNull(text);
    default:
      // Refused while parsing (log-query.ts); kept as a guard for hand-built filters.
      throw new Error(`The operator ${filter.operator} is not supported on labels`);
  }
}
