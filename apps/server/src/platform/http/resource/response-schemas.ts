import { listResponseSchema } from '@federa/schemas';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** The JSON type of a column's values as the API sends them (timestamps are ISO-8601 strings). */
function valueSchema(column: PgColumn): z.ZodType {
  if (column.getSQLType().startsWith('timestamp')) return z.string();
  switch (column.dataType) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    default:
      return z.unknown();
  }
}

/**
 * The body of one record as the API answers it, derived from its table: every column except the
 * secret ones, each optional (`fields=` selects some) and nullable. The object is loose: what a
 * resource adds on purpose (included relations, opt-in hidden fields, a secret shown once on
 * creation, flattened settings) passes unchanged, so serializing from the schema never drops a field.
 */
export function recordSchemaOf(table: PgTable, secretColumns: readonly string[] = []) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!secretColumns.includes(key)) shape[key] = valueSchema(column).nullable().optional();
  }
  return z.looseObject(shape);
}

/** A list answer: `{ data: [record, ...], meta: { total, limit, offset } }`. */
export function recordListSchemaOf(table: PgTable, secretColumns: readonly string[] = []) {
  return listResponseSchema(recordSchemaOf(table, secretColumns));
}
