import { inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceQuery } from './definition.ts';
import type { AnyPgDatabase } from './database.ts';
import type { ParsedInclude } from './types.ts';

type Row = Record<string, unknown>;

/**
 * Attaches each included many-to-one relation as a nested object (`row.realm = {...}`, or null when
 * the key is null or points nowhere). One `WHERE foreign_key IN (...)` query per relation, never per row.
 */
export async function attachRelations(
  db: AnyPgDatabase,
  definition: ResourceQuery,
  includes: readonly ParsedInclude[],
  rows: Row[],
): Promise<void> {
  for (const include of includes) {
    const relation = definition.relations.get(include.relation);
    if (!relation) throw new Error(`Unknown relation "${include.relation}"`);
    const localKey = relation.localKey.name;
    const keys = [
      ...new Set(rows.map((row) => row[localKey]).filter((key) => key !== null && key !== undefined)),
    ];

    const byKey = new Map<string, Row>();
    if (keys.length > 0) {
      const selection: Record<string, PgColumn> = {};
      for (const field of include.fields) {
        const column = relation.columns.get(field);
        if (!column) throw new Error(`Unknown column "${field}" in relation "${relation.name}"`);
        selection[field] = column.column;
      }
      const related = (await db
        .select(selection)
        .from(relation.table)
        .where(inArray(relation.foreignKey.column, keys))) as Row[];
      for (const item of related) byKey.set(keyOf(item[relation.foreignKey.name]), item);
    }

    for (const row of rows) {
      const key = row[localKey];
      row[include.relation] = key === null || key === undefined ? null : (byKey.get(keyOf(key)) ?? null);
    }
  }
}

function keyOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}
