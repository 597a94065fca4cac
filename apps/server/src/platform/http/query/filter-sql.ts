import {
  and,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notIlike,
  notInArray,
  or,
  type SQL,
  getTableName,
} from 'drizzle-orm';
import { alias, QueryBuilder, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { SEARCH_FILTER, type ResourceQuery } from './definition.ts';
import type { LikeMatch, ParsedFilter } from './types.ts';

/**
 * Turns parsed filters into one Drizzle condition. Column references come from the declaration only;
 * every value is a bound parameter.
 */
export function filtersToSql(filters: readonly ParsedFilter[], definition: ResourceQuery): SQL | undefined {
  return and(...filters.map((filter) => filterToSql(filter, definition)));
}

function filterToSql(filter: ParsedFilter, definition: ResourceQuery): SQL {
  if (filter.relation === undefined && filter.field === SEARCH_FILTER && definition.search.length > 0) {
    // Parsing lets only positive patterns through, so "any column matches" is a plain OR.
    return or(...definition.search.map((column) => condition(filter, column.column))) as SQL;
  }
  if (filter.relation === undefined) {
    return condition(
      filter,
      columnOf(definition.table, filter.field, definition.columns.get(filter.field)?.column),
    );
  }

  // filter[realm.name]=x → realm_id IN (SELECT id FROM realms WHERE name = x). The related table is
  // aliased so a relation onto the same table (a parent realm) cannot capture the outer columns.
  const relation = definition.relations.get(filter.relation);
  if (!relation) throw new Error(`Unknown relation "${filter.relation}"`);
  const related = alias(relation.table, `filter_${relation.name}`) as unknown as PgTable;
  const aliased = related as unknown as Record<string, PgColumn>;
  const subquery = new QueryBuilder()
    .select({ key: columnOf(related, relation.foreignKey.name, aliased[relation.foreignKey.name]) })
    .from(related)
    .where(condition(filter, columnOf(related, filter.field, aliased[filter.field])));
  return inArray(relation.localKey.column, subquery);
}

function columnOf(table: PgTable, field: string, column: PgColumn | undefined): PgColumn {
  // Unreachable after parsing against the same definition; guards against a hand-built ParsedFilter.
  if (!column) throw new Error(`Unknown column "${field}" on table ${getTableName(table)}`);
  return column;
}

function condition(filter: ParsedFilter, column: PgColumn): SQL {
  switch (filter.operator) {
    case 'eq':
      return eq(column, filter.value);
    case 'ne':
      return ne(column, filter.value);
    case 'lt':
      return lt(column, filter.value);
    case 'lte':
      return lte(column, filter.value);
    case 'gt':
      return gt(column, filter.value);
    case 'gte':
      return gte(column, filter.value);
    case 'isNull':
      return isNull(column);
    case 'isNotNull':
      return isNotNull(column);
    case 'in': {
      const within = inArray(column, filter.values);
      return filter.orNull ? (or(within, isNull(column)) as SQL) : within;
    }
    case 'notIn': {
      const outside = notInArray(column, filter.values);
      return filter.orNull ? (and(outside, isNotNull(column)) as SQL) : outside;
    }
    case 'like':
      return or(...filter.values.map((value) => ilike(column, likePattern(value, filter.match)))) as SQL;
    case 'notLike':
      return and(...filter.values.map((value) => notIlike(column, likePattern(value, filter.match)))) as SQL;
  }
}

/** Escapes the LIKE wildcards (backslash is PostgreSQL's default LIKE escape) and places `%`. */
export function likePattern(value: string, match: LikeMatch): string {
  const escaped = value.replace(/[\\%_]/g, (character) => `\\${character}`);
  if (match === 'prefix') return `${escaped}%`;
  if (match === 'suffix') return `%${escaped}`;
  return `%${escaped}%`;
}
