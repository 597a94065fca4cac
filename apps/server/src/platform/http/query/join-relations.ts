import { eq, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResolvedRelation, ResourceQuery } from './definition.ts';
import type { ParsedInclude } from './types.ts';

type Row = Record<string, unknown>;

/** An include answered by a LEFT JOIN in the page's own statement. */
export interface JoinedInclude {
  readonly include: ParsedInclude;
  readonly relation: ResolvedRelation;
}

/**
 * Splits the includes of a list into those the page statement can join and those loaded by a query
 * of their own (load-relations.ts). A join saves a round trip per relation and keeps the page at
 * one statement; it is used when it cannot change the rows of the page: the related key is the
 * related table's primary key or unique (a many-to-one, never more than one match), and the table
 * is neither the resource's own nor joined already (the columns would be ambiguous).
 */
export function splitIncludes(
  definition: ResourceQuery,
  includes: readonly ParsedInclude[],
): { joined: JoinedInclude[]; loaded: ParsedInclude[] } {
  const joined: JoinedInclude[] = [];
  const loaded: ParsedInclude[] = [];
  const tables = new Set([getTableName(definition.table)]);
  for (const include of includes) {
    const relation = definition.relations.get(include.relation);
    if (!relation) throw new Error(`Unknown relation "${include.relation}"`);
    const key = relation.foreignKey.column;
    const table = getTableName(relation.table);
    if ((key.primary || key.isUnique) && !tables.has(table)) {
      tables.add(table);
      joined.push({ include, relation });
    } else {
      loaded.push(include);
    }
  }
  return { joined, loaded };
}

/**
 * The nested selection of a joined include, its key first: the query builder answers null for a
 * left-joined object whose first column is null, and the key is null exactly when nothing matched.
 */
export function joinedSelection({ include, relation }: JoinedInclude): Record<string, PgColumn> {
  const selection: Record<string, PgColumn> = { [relation.foreignKey.name]: relation.foreignKey.column };
  for (const field of include.fields) {
    const column = relation.columns.get(field);
    if (!column) throw new Error(`Unknown column "${field}" in relation "${relation.name}"`);
    selection[field] = column.column;
  }
  return selection;
}

/** The join condition of an include: the local key equals the related key. */
export const joinCondition = ({ relation }: JoinedInclude) =>
  eq(relation.foreignKey.column, relation.localKey.column);

/** Puts the fields of each joined object in the order the include asked for them. */
export function orderJoinedFields(rows: Row[], joined: readonly JoinedInclude[]): void {
  for (const { include, relation } of joined) {
    if (include.fields[0] === relation.foreignKey.name) continue;
    for (const row of rows) {
      const related = row[include.relation] as Row | null;
      if (!related) continue;
      const ordered: Row = {};
      for (const field of include.fields) ordered[field] = related[field];
      row[include.relation] = ordered;
    }
  }
}
