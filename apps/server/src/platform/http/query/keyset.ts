import { and, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { invalidQuery } from '../errors.ts';
import { encodeCursor } from './parse-page.ts';

/**
 * Keyset pagination (`page[after]`, docs/decisions/0095-list-totals-counted-up-to-a-cap.md): the
 * next page is the rows that sort after the last row of this one, found through the index instead
 * of walking past `offset` rows.
 */
export interface SortColumn {
  readonly column: PgColumn;
  readonly direction: 'ASC' | 'DESC';
}

/** Row keys of the sort values in their database text form (times keep their microseconds). */
export const CURSOR_KEY_PREFIX = '__cursor_';

export function cursorSelection(sort: readonly SortColumn[]): Record<string, SQL.Aliased<string>> {
  return Object.fromEntries(
    sort.map(({ column }, index) => [
      `${CURSOR_KEY_PREFIX}${index}`,
      sql<string>`(${column})::text`.as(`${CURSOR_KEY_PREFIX}${index}`),
    ]),
  );
}

/** The cursor of a row, from its sort values (undefined when one is missing). */
export function readCursorValues(row: Record<string, unknown>, count: number): string | undefined {
  const values: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = row[`${CURSOR_KEY_PREFIX}${index}`];
    if (typeof value !== 'string') return undefined;
    values.push(value);
  }
  return encodeCursor(values);
}

/**
 * The rows after the cursor in the list's order: (a, b, c) after (x, y, z) means a beyond x, or
 * a = x and b beyond y, or ... The leading "a at or beyond x" lets PostgreSQL start in the index.
 * Columns that may be null cannot be compared that way, so a sort on one refuses a cursor.
 */
export function afterCursor(sort: readonly SortColumn[], values: readonly (string | Placeholder)[]): SQL {
  if (values.length !== sort.length) {
    throw invalidQuery('page[after]', 'the cursor belongs to another sort order');
  }
  const nullable = sort.find(({ column }) => !column.notNull);
  if (nullable) {
    throw invalidQuery(
      'page[after]',
      `cannot follow a sort on "${nullable.column.name}", which may be empty`,
    );
  }
  const beyond = ({ column, direction }: SortColumn, value: string | Placeholder, orEqual = false): SQL =>
    direction === 'DESC'
      ? orEqual
        ? sql`${column} <= ${value}`
        : sql`${column} < ${value}`
      : orEqual
        ? sql`${column} >= ${value}`
        : sql`${column} > ${value}`;
  const alternatives = sort.map((item, index) =>
    and(
      ...sort.slice(0, index).map(({ column }, j) => sql`${column} = ${values[j]}`),
      beyond(item, values[index]!),
    ),
  );
  return and(beyond(sort[0]!, values[0]!, true), or(...alternatives))!;
}
