import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type SortDirection } from '@federa/schemas';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { columnKind, supportsLike, type ColumnKind } from './column-kind.ts';
import type { ParsedSort } from './types.ts';

/** The virtual filter that matches text in several columns at once (`search` of the declaration). */
export const SEARCH_FILTER = 'search';

/** Column property names of a Drizzle table (the snake_case keys the API exposes). */
export type ColumnName<T extends PgTable> = Extract<keyof T['_']['columns'], string>;

/** A many-to-one relation: `local.localKey` points at `related.foreignKey`. */
export interface RelationConfig<TLocalKey extends string, TRelated extends PgTable> {
  table: TRelated;
  localKey: TLocalKey;
  foreignKey: ColumnName<TRelated>;
  /**
   * Columns of the related row returned by `include` (and selectable with `fields[relation]`).
   * Omitted: the default fields of the related table's own resource, so an included record looks
   * as it does when read on its own (what the original's clients validate).
   */
  fields?: readonly ColumnName<TRelated>[];
  /** Columns of the related row usable as `filter[relation.column]`. None by default. */
  filters?: readonly ColumnName<TRelated>[];
}

export interface ResourceQueryConfig<T extends PgTable, R extends Record<string, PgTable>> {
  table: T;
  fields: { default: readonly ColumnName<T>[]; hidden?: readonly ColumnName<T>[] };
  filters: readonly ColumnName<T>[];
  sorts: readonly ColumnName<T>[];
  /**
   * Text columns the virtual `filter[search]=~text` matches in: a record matches when any of them
   * does (a person looks for a user by name, display name or e-mail address alike).
   */
  search?: readonly ColumnName<T>[];
  defaultSort?: Partial<Record<ColumnName<T>, SortDirection>>;
  relations?: { [K in keyof R]: RelationConfig<ColumnName<T>, R[K]> };
  /** Largest `page[limit]` honoured; larger requests are clamped. Default 50. */
  maxLimit?: number;
  /** `page[limit]` when the client sends none. Default 10 (or maxLimit when smaller). */
  defaultLimit?: number;
}

export interface ResolvedColumn {
  name: string;
  column: PgColumn;
  kind: ColumnKind;
}

export interface ResolvedRelation {
  name: string;
  table: PgTable;
  localKey: ResolvedColumn;
  foreignKey: ResolvedColumn;
  /** Columns returned by default, foreign key first. */
  fields: readonly string[];
  columns: ReadonlyMap<string, ResolvedColumn>;
  filters: ReadonlySet<string>;
}

/** A validated resource declaration, ready for parseListQuery / runListQuery. */
export interface ResourceQuery<T extends PgTable = PgTable> {
  readonly table: T;
  readonly name: string;
  readonly columns: ReadonlyMap<string, ResolvedColumn>;
  readonly idColumn: ResolvedColumn;
  readonly defaultFields: readonly string[];
  readonly hiddenFields: readonly string[];
  readonly filters: ReadonlySet<string>;
  readonly sorts: ReadonlySet<string>;
  /** Columns `filter[search]` matches in; empty when the resource offers no search. */
  readonly search: readonly ResolvedColumn[];
  readonly defaultSort: readonly ParsedSort[];
  readonly relations: ReadonlyMap<string, ResolvedRelation>;
  readonly maxLimit: number;
  readonly defaultLimit: number;
}

/** The default fields of each table's resource, for relations that show a related record whole. */
const defaultFieldsByTable = new WeakMap<PgTable, readonly string[]>();

/**
 * Declares what a list endpoint lets clients filter, select, include and sort. Mistakes in the
 * declaration (unknown columns, unfilterable column types) throw at start-up, never per request.
 */
export function defineResourceQuery<
  T extends PgTable,
  R extends Record<string, PgTable> = Record<string, never>,
>(config: ResourceQueryConfig<T, R>): ResourceQuery<T> {
  const name = getTableName(config.table);
  const fail = (reason: string) => new Error(`Resource query for table "${name}": ${reason}`);
  const columns = resolveColumns(config.table);
  const need = (field: string, where: string): ResolvedColumn => {
    const column = columns.get(field);
    if (!column) throw fail(`${where} names the unknown column "${field}"`);
    return column;
  };

  const idColumn = need('id', 'the resource');
  const hiddenFields = unique(config.fields.hidden ?? []);
  hiddenFields.forEach((field) => need(field, 'fields.hidden'));
  const defaultFields = unique(['id', ...config.fields.default]);
  for (const field of defaultFields) {
    need(field, 'fields.default');
    if (hiddenFields.includes(field)) throw fail(`"${field}" is both a default and a hidden field`);
  }
  if (hiddenFields.includes('id')) throw fail('"id" cannot be hidden');

  const filters = new Set<string>(config.filters);
  for (const field of filters) assertFilterable(need(field, 'filters'), `filters`, fail);
  const sorts = new Set<string>(config.sorts);
  sorts.forEach((field) => need(field, 'sorts'));

  const search = unique(config.search ?? []).map((field) => need(field, 'search'));
  if (search.length > 0 && columns.has(SEARCH_FILTER)) throw fail(`a column shadows "${SEARCH_FILTER}"`);
  for (const column of search) {
    if (!supportsLike(column.kind)) throw fail(`search names "${column.name}", which is not text`);
  }

  const defaultSort: ParsedSort[] = [];
  for (const [field, direction] of Object.entries(config.defaultSort ?? {}) as [string, SortDirection][]) {
    need(field, 'defaultSort');
    if (direction !== 'ASC' && direction !== 'DESC') throw fail(`defaultSort.${field} must be ASC or DESC`);
    defaultSort.push({ field, direction });
  }

  const relations = new Map<string, ResolvedRelation>();
  for (const [relationName, relation] of Object.entries(config.relations ?? {}) as [
    string,
    RelationConfig<string, PgTable>,
  ][]) {
    if (columns.has(relationName)) throw fail(`the relation "${relationName}" shadows a column`);
    relations.set(relationName, resolveRelation(relationName, relation, need, fail));
  }

  // The first resource of a table speaks for it (a table served twice keeps its main resource).
  if (!defaultFieldsByTable.has(config.table)) defaultFieldsByTable.set(config.table, defaultFields);

  const maxLimit = config.maxLimit ?? MAX_PAGE_LIMIT;
  const defaultLimit = config.defaultLimit ?? Math.min(DEFAULT_PAGE_LIMIT, maxLimit);
  if (!Number.isInteger(maxLimit) || maxLimit < 1) throw fail('maxLimit must be a positive integer');
  if (!Number.isInteger(defaultLimit) || defaultLimit < 1 || defaultLimit > maxLimit) {
    throw fail('defaultLimit must be a positive integer no larger than maxLimit');
  }

  return {
    table: config.table,
    name,
    columns,
    idColumn,
    defaultFields,
    hiddenFields,
    filters,
    sorts,
    search,
    defaultSort,
    relations,
    maxLimit,
    defaultLimit,
  };
}

function resolveRelation(
  name: string,
  relation: RelationConfig<string, PgTable>,
  need: (field: string, where: string) => ResolvedColumn,
  fail: (reason: string) => Error,
): ResolvedRelation {
  const localKey = need(relation.localKey, `relations.${name}.localKey`);
  const columns = resolveColumns(relation.table);
  const needRelated = (field: string, where: string): ResolvedColumn => {
    const column = columns.get(field);
    if (!column) {
      throw fail(`relations.${name}.${where} names "${field}", unknown in ${getTableName(relation.table)}`);
    }
    return column;
  };
  const foreignKey = needRelated(relation.foreignKey, 'foreignKey');
  const withKey = (fields: readonly string[]) => {
    const all = unique([relation.foreignKey, ...fields]);
    all.forEach((field) => needRelated(field, 'fields'));
    return all;
  };
  let fields = relation.fields ? withKey(relation.fields) : undefined;
  const filters = new Set<string>(relation.filters ?? []);
  for (const field of filters)
    assertFilterable(needRelated(field, 'filters'), `relations.${name}.filters`, fail);
  return {
    name,
    table: relation.table,
    localKey,
    foreignKey,
    // Resolved on first use: the related resource may be declared after this one.
    get fields() {
      if (!fields) {
        const defaults = defaultFieldsByTable.get(relation.table);
        if (!defaults) throw fail(`relations.${name} names no fields and its table has no resource`);
        fields = withKey(defaults);
      }
      return fields;
    },
    columns,
    filters,
  };
}

function resolveColumns(table: PgTable): Map<string, ResolvedColumn> {
  const columns = new Map<string, ResolvedColumn>();
  for (const [name, column] of Object.entries(getTableColumns(table)) as [string, PgColumn][]) {
    columns.set(name, { name, column, kind: columnKind(column) });
  }
  return columns;
}

function assertFilterable(column: ResolvedColumn, where: string, fail: (reason: string) => Error): void {
  if (column.kind === 'unsupported') {
    throw fail(
      `${where} names "${column.name}" whose type (${column.column.getSQLType()}) cannot be filtered`,
    );
  }
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
