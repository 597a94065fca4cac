import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { AnyPgDatabase } from './database.ts';
import type { ResourceQuery } from './definition.ts';

/**
 * A list statement built once per shape and run again with new values.
 *
 * Building a page statement with the query builder and rendering it to SQL is most of a list
 * request's own CPU time (every column, join and condition is an object to walk). The statement of
 * a list depends on the resource, the fields, the includes, the sort, whether a cursor or a total is
 * asked for, and the *text* of the condition, never on its values, the limit, offset or cap: those
 * become placeholders, and a request with a shape seen before only fills them in.
 */

/** A condition rendered to SQL text (`$1`, `$2`, …) and the values it binds, in that order. */
export interface RenderedCondition {
  readonly text: string;
  readonly params: readonly unknown[];
}

export function renderCondition(db: AnyPgDatabase, where: SQL | undefined): RenderedCondition | undefined {
  if (!where) return undefined;
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(where);
  return { text, params };
}

/** Placeholder names: a condition's values, the cursor's values, and the numbers of the page. */
export const conditionValue = (index: number) => `where_${index}`;
export const cursorValue = (index: number) => `after_${index}`;
export const CAP_VALUE = 'count_cap';
export const LIMIT_VALUE = 'page_limit';
export const OFFSET_VALUE = 'page_offset';

/**
 * The condition again, its values replaced by named placeholders, so a statement built with it
 * serves every request whose condition has the same text. Undefined when the text does not bind
 * `$1` to `$n` once each, in order (what the dialect writes): then the values stay in the statement
 * and it is not kept.
 */
export function conditionWithPlaceholders(rendered: RenderedCondition): SQL | undefined {
  const pieces = rendered.text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let index = 0; index < pieces.length; index += 1) {
    if (index % 2 === 0) {
      chunks.push(sql.raw(pieces[index]!));
      continue;
    }
    const number = Number(pieces[index]);
    if (number !== (index + 1) / 2) return undefined;
    chunks.push(sql`${sql.placeholder(conditionValue(number - 1))}`);
  }
  if ((pieces.length - 1) / 2 !== rendered.params.length) return undefined;
  return sql`(${sql.join(chunks)})`;
}

/** Placeholder values of a condition's parameters. */
export function conditionValues(rendered: RenderedCondition | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (rendered) rendered.params.forEach((value, index) => (values[conditionValue(index)] = value));
  return values;
}

/**
 * Names for the statements of the most used list shapes. PostgreSQL parses and plans a named
 * statement once per connection instead of on every request, which saves about a fifth of its work
 * on a list page; but it keeps the statement until the connection closes, so the names are few:
 * a statement gets one only while fewer than `max` have been handed out, and one evicted and built
 * again gets its old name back. Past the budget, statements are sent unnamed, as before. The name
 * follows from the statement's text, so one name never stands for two texts (which the driver
 * refuses).
 */
export class StatementNames {
  private readonly issued = new Set<string>();

  constructor(private readonly max: number) {}

  nameOf(text: string): string | undefined {
    const digest = createHash('sha1').update(text).digest('hex');
    const name = `list_${digest.slice(0, 24)}`;
    if (this.issued.has(name)) return name;
    if (this.issued.size >= this.max) return undefined;
    this.issued.add(name);
    return name;
  }
}

export const statementNames = new StatementNames(100);

/** What a built statement offers: a run with the placeholder values. */
export interface ListStatement {
  execute(values: Record<string, unknown>): Promise<unknown[]>;
}

/** Shapes kept per resource and database; the least recently used goes first. */
const STATEMENTS_PER_RESOURCE = 128;

const statements = new WeakMap<AnyPgDatabase, WeakMap<ResourceQuery, Map<string, ListStatement>>>();

/**
 * The statement of `shape`, built by `build` the first time. A statement belongs to the database (or
 * transaction) it was built on, so each keeps its own.
 */
export function listStatement(
  db: AnyPgDatabase,
  definition: ResourceQuery,
  shape: string,
  build: () => ListStatement,
): ListStatement {
  let byResource = statements.get(db);
  if (!byResource) statements.set(db, (byResource = new WeakMap()));
  let byShape = byResource.get(definition);
  if (!byShape) byResource.set(definition, (byShape = new Map()));
  const known = byShape.get(shape);
  if (known) {
    byShape.delete(shape);
    byShape.set(shape, known);
    return known;
  }
  const built = build();
  byShape.set(shape, built);
  if (byShape.size > STATEMENTS_PER_RESOURCE) byShape.delete(byShape.keys().next().value as string);
  return built;
}
