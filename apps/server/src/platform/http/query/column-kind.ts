import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * How a filter value is read for a column. Anything else (json, arrays, intervals, network types,
 * custom columns) cannot be filtered; a definition that tries is rejected at start-up.
 */
export type ColumnKind =
  | 'uuid'
  | 'text'
  | 'enum'
  | 'boolean'
  | 'int2'
  | 'int4'
  | 'int53'
  | 'int64'
  | 'float'
  | 'numeric'
  | 'timestamp'
  | 'timestampString'
  | 'date'
  | 'dateString'
  | 'unsupported';

const KIND_BY_COLUMN_TYPE: Record<string, ColumnKind> = {
  PgUUID: 'uuid',
  PgText: 'text',
  PgVarchar: 'text',
  PgChar: 'text',
  PgEnumColumn: 'enum',
  PgEnumObjectColumn: 'enum',
  PgBoolean: 'boolean',
  PgSmallInt: 'int2',
  PgSmallSerial: 'int2',
  PgInteger: 'int4',
  PgSerial: 'int4',
  PgBigInt53: 'int53',
  PgBigSerial53: 'int53',
  PgBigInt64: 'int64',
  PgBigSerial64: 'int64',
  PgReal: 'float',
  PgDoublePrecision: 'float',
  PgNumeric: 'numeric',
  PgNumericNumber: 'numeric',
  PgNumericBigInt: 'numeric',
  PgTimestamp: 'timestamp',
  PgTimestampString: 'timestampString',
  PgDate: 'date',
  PgDateString: 'dateString',
};

export function columnKind(column: PgColumn): ColumnKind {
  // The platform's ISO timestamp column (platform/db/columns.ts) is a custom column over timestamptz.
  if (column.columnType === 'PgCustomColumn' && column.getSQLType() === 'timestamp with time zone') {
    return 'timestampString';
  }
  const kind = KIND_BY_COLUMN_TYPE[column.columnType] ?? 'unsupported';
  // text('x', { enum: [...] }) keeps the text type but restricts the values.
  if (kind === 'text' && column.enumValues && column.enumValues.length > 0) return 'enum';
  return kind;
}

/** Kinds on which `~` (ILIKE) makes sense. */
export function supportsLike(kind: ColumnKind): boolean {
  return kind === 'text';
}

/** Kinds with a meaningful order for `<`, `<=`, `>`, `>=`. */
export function supportsComparison(kind: ColumnKind): boolean {
  return kind !== 'uuid' && kind !== 'boolean' && kind !== 'enum' && kind !== 'unsupported';
}
