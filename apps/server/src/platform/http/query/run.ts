import type { ListResponse } from '@federa/schemas';
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  cappedCount,
  estimateVisible,
  EXACT_COUNT_UP_TO,
  knownAboveCap,
  visibleRows,
} from './count-visible.ts';
import type { AnyPgDatabase } from './database.ts';
import type { ResourceQuery } from './definition.ts';
import { filtersToSql } from './filter-sql.ts';
import {
  afterCursor,
  CURSOR_KEY_PREFIX,
  cursorSelection,
  readCursorValues,
  type SortColumn,
} from './keyset.ts';
import {
  joinCondition,
  joinedSelection,
  orderJoinedFields,
  splitIncludes,
  type JoinedInclude,
} from './join-relations.ts';
import {
  CAP_VALUE,
  conditionValues,
  conditionWithPlaceholders,
  cursorValue,
  LIMIT_VALUE,
  listStatement,
  OFFSET_VALUE,
  renderCondition,
  statementNames,
  type ListStatement,
  type RenderedCondition,
} from './list-statement.ts';
import { attachRelations } from './load-relations.ts';
import type { ParsedListQuery, ParsedSelection } from './types.ts';

type Row = Record<string, unknown>;

/** No name: PostgreSQL parses and plans the statement for this execution only. */
const UNNAMED = undefined as unknown as string;

/** The key of the page total in each row of the list statement; no resource field is named like it. */
const TOTAL_KEY = '__list_total';

export interface RunListOptions {
  /** Extra condition from the caller (realm scoping, a parent id); counts towards `meta.total`. */
  where?: SQL | undefined;
  /** Count the total exactly up to this many rows, estimate above (default `EXACT_COUNT_UP_TO`). */
  exactCountUpTo?: number;
}

/**
 * Runs a parsed list query: one page of rows with their total and the includes it can join, in one
 * statement; any other included relation in one query of its own.
 */
export async function runListQuery(
  db: AnyPgDatabase,
  definition: ResourceQuery,
  parsed: ParsedListQuery,
  options: RunListOptions = {},
): Promise<ListResponse<Row>> {
  const where = and(filtersToSql(parsed.filters, definition), options.where);
  const rendered = renderCondition(db, where);
  const { joined, loaded } = splitIncludes(definition, parsed.include);
  const { selection, helpers } = buildSelection(definition, { fields: parsed.fields, include: loaded });
  const { limit, offset, after } = parsed.page;
  const sortColumns = parsed.sort.map(({ field, direction }) => ({
    column: columnOf(definition, field),
    direction,
  }));

  // The total rides along as an uncorrelated scalar subquery, which PostgreSQL evaluates once:
  // page and total cost one round trip, and the page keeps its own (index-friendly) plan. It counts
  // no further than the cap, so a long list costs what a short one does. A list whose count went
  // past the cap a moment ago skips it: its total is the kept estimate, and the count would read
  // cap + 1 rows on every request for nothing (docs/decisions/0095-list-totals-counted-up-to-a-cap.md).
  const cap = options.exactCountUpTo ?? EXACT_COUNT_UP_TO;
  const visible = visibleRows(definition.table, where, rendered);
  const keptEstimate = knownAboveCap(visible, cap);
  const shape = { definition, parsed, selection, joined, sortColumns, withTotal: keptEstimate === undefined };
  const statement = pageStatement(db, shape, where, rendered);
  const values: Record<string, unknown> = {
    ...conditionValues(rendered),
    [CAP_VALUE]: cap + 1,
    [LIMIT_VALUE]: limit,
    [OFFSET_VALUE]: offset,
  };
  after?.forEach((value, index) => (values[cursorValue(index)] = value));
  const rows = (await statement.execute(values)) as Row[];
  orderJoinedFields(rows, joined);

  let counted: number;
  if (keptEstimate !== undefined) counted = cap + 1;
  else if (rows.length > 0) counted = Number(rows[0]![TOTAL_KEY]);
  // An empty page beyond the end still owes the caller the total.
  else if (offset > 0) counted = (await cappedCount(db, definition.table, where, cap + 1))[0]?.total ?? 0;
  else counted = 0;
  let total = counted;
  let estimated = false;
  if (counted > cap) {
    // Past the cap the planner's estimate stands in, never below what is known to exist.
    const known = Math.max(cap + 1, offset + rows.length + (rows.length === limit ? 1 : 0));
    total = Math.max(known, keptEstimate ?? (await estimateVisible(db, visible, cap + 1)));
    estimated = true;
  }
  for (const row of rows) delete row[TOTAL_KEY];
  // A full page has a next one, perhaps: the cursor of its last row asks for it.
  const next =
    rows.length === limit && rows.length > 0 ? readCursorValues(rows.at(-1)!, sortColumns.length) : undefined;
  for (const row of rows)
    for (const key of Object.keys(row)) if (key.startsWith(CURSOR_KEY_PREFIX)) delete row[key];

  await attachRelations(db, definition, loaded, rows);
  stripHelpers(rows, helpers);
  const meta: ListResponse<Row>['meta'] = { total, limit, offset };
  if (estimated) meta.estimated = true;
  if (next) meta.after = next;
  return { data: rows, meta };
}

interface PageShape {
  readonly definition: ResourceQuery;
  readonly parsed: ParsedListQuery;
  /** The requested columns and the keys the separately loaded includes need. */
  readonly selection: Record<string, PgColumn>;
  readonly joined: readonly JoinedInclude[];
  readonly sortColumns: readonly SortColumn[];
  /** Whether the statement counts the visible rows (no kept estimate stands in for them). */
  readonly withTotal: boolean;
}

/**
 * The page statement: built once per shape (list-statement.ts) with placeholders for the
 * condition's values, the cursor, the cap, the limit and the offset. A condition whose text cannot be
 * turned into placeholders keeps its values, and its statement is built for this request only.
 * Lists without filters of the client's (the screens' default lists, scoped by the caller's
 * condition) get a named statement while the budget lasts: a filter's value can decide the plan
 * (a prefix match uses an index, a contains match cannot), so those are planned afresh each time.
 */
function pageStatement(
  db: AnyPgDatabase,
  shape: PageShape,
  where: SQL | undefined,
  rendered: RenderedCondition | undefined,
): ListStatement {
  const condition = rendered ? conditionWithPlaceholders(rendered) : undefined;
  if (rendered && !condition) return buildPageStatement(db, shape, where, false);
  const key = shapeKey(shape, rendered);
  return listStatement(db, shape.definition, key, () =>
    buildPageStatement(db, shape, condition, shape.parsed.filters.length === 0),
  );
}

/** Everything the statement's text depends on, as one string. */
function shapeKey(shape: PageShape, rendered: RenderedCondition | undefined): string {
  const { parsed } = shape;
  return [
    parsed.fields.join(','),
    parsed.include.map((include) => `${include.relation}(${include.fields.join(',')})`).join(','),
    parsed.sort.map((sort) => `${sort.field} ${sort.direction}`).join(','),
    // No cursor, the first page of a cursor walk (no values) and a later one differ.
    parsed.page.after === undefined ? 'no cursor' : `cursor of ${parsed.page.after.length}`,
    shape.withTotal ? 'total' : '',
    rendered?.text ?? '',
  ].join('\u0000');
}

function buildPageStatement(
  db: AnyPgDatabase,
  shape: PageShape,
  where: SQL | undefined,
  named: boolean,
): ListStatement {
  const { definition, parsed, selection, joined, sortColumns } = shape;
  const after = parsed.page.after;
  // The page starts after the row the cursor names; the total still counts every visible row.
  const pageWhere = after?.length
    ? and(
        where,
        afterCursor(
          sortColumns,
          after.map((_, index) => sql.placeholder(cursorValue(index))),
        ),
      )
    : where;
  const countVisible = cappedCount(db, definition.table, where, sql.placeholder(CAP_VALUE));
  let page = db
    .select({
      ...selection,
      ...Object.fromEntries(joined.map((join) => [join.include.relation, joinedSelection(join)])),
      ...(after ? cursorSelection(sortColumns) : {}),
      ...(shape.withTotal ? { [TOTAL_KEY]: sql<number>`(${countVisible})`.mapWith(Number) } : {}),
    })
    .from(definition.table)
    .$dynamic();
  for (const join of joined) page = page.leftJoin(join.relation.table, joinCondition(join));
  const statement = page
    .where(pageWhere)
    .orderBy(...orderBy(definition, parsed))
    .limit(sql.placeholder(LIMIT_VALUE))
    .offset(sql.placeholder(OFFSET_VALUE));
  const name = named ? statementNames.nameOf(statement.toSQL().sql) : undefined;
  return statement.prepare(name ?? UNNAMED);
}

/** Reads one row (the caller's `where` picks it) honouring `fields` and `include`. */
export async function runReadQuery(
  db: AnyPgDatabase,
  definition: ResourceQuery,
  parsed: ParsedSelection,
  where: SQL | undefined,
): Promise<Row | undefined> {
  const { selection, helpers } = buildSelection(definition, parsed);
  const rows = (await db.select(selection).from(definition.table).where(where).limit(1)) as Row[];
  await attachRelations(db, definition, parsed.include, rows);
  stripHelpers(rows, helpers);
  return rows[0];
}

/** The requested columns, plus any relation key an include needs but `fields` left out. */
function buildSelection(definition: ResourceQuery, parsed: ParsedSelection) {
  const selection: Record<string, PgColumn> = {};
  for (const field of parsed.fields) selection[field] = columnOf(definition, field);
  const helpers: string[] = [];
  for (const include of parsed.include) {
    const key = definition.relations.get(include.relation)?.localKey.name;
    if (key === undefined) throw new Error(`Unknown relation "${include.relation}"`);
    if (!(key in selection)) {
      selection[key] = columnOf(definition, key);
      helpers.push(key);
    }
  }
  return { selection, helpers };
}

function orderBy(definition: ResourceQuery, parsed: ParsedListQuery): SQL[] {
  return parsed.sort.map(({ field, direction }) => {
    const column = columnOf(definition, field);
    return direction === 'DESC' ? desc(column) : asc(column);
  });
}

function columnOf(definition: ResourceQuery, field: string): PgColumn {
  const column = definition.columns.get(field)?.column;
  if (!column) throw new Error(`Unknown column "${field}" on table ${definition.name}`);
  return column;
}

function stripHelpers(rows: Row[], helpers: readonly string[]): void {
  if (helpers.length === 0) return;
  for (const row of rows) for (const key of helpers) delete row[key];
}
