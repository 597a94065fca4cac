import type { ResponseSchema } from '@federa/client';
import type { ListQuery, ListResponse } from '@federa/schemas';

/** Anything a list shows: records with an id. */
export type Identified = { readonly id: string };

type Sort = NonNullable<ListQuery['sort']>;
type Filter = NonNullable<ListQuery['filter']>;

/** Where a created record goes in the page on screen, or nowhere. */
export type InsertPosition = { readonly at: number } | null;

export interface PageState {
  /** The records of the page on screen, in the order shown. */
  readonly items: readonly Identified[];
  readonly offset: number;
  readonly limit: number;
  readonly total: number;
  readonly sort?: Sort;
}

const NEWEST_FIRST_FIELDS = new Set(['created_at', 'updated_at']);

/** Sorted by creation (or update) time, newest first: a new record belongs at the very top. */
export function isNewestFirst(sort: Sort | undefined): boolean {
  const first = sort ? Object.entries(sort)[0] : undefined;
  return first !== undefined && NEWEST_FIRST_FIELDS.has(first[0]) && first[1] === 'DESC';
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Compares two records by a list's sort (fields in order, ASC or DESC). */
export function compareBySort(sort: Sort, a: Record<string, unknown>, b: Record<string, unknown>): number {
  for (const [field, direction] of Object.entries(sort)) {
    const order = compareValues(a[field], b[field]);
    if (order !== 0) return direction === 'DESC' ? -order : order;
  }
  return 0;
}

/**
 * Should a record created elsewhere appear in the page on screen, and where
 * (docs/product/identity-and-access.md §4 Realtime: "in a paged list only when sorting allows it, the offset
 * is 0, or the page is not full")?
 * - newest first: on the first page, at the top;
 * - a page that is not full (the last page): at its place in the sort order, or at the end; a record
 *   that sorts before the first one of a later page belongs to an earlier page and is left out;
 * - otherwise (a full page in the middle of the list) it is not shown; the total still grows.
 */
export function insertPosition(page: PageState, created: Record<string, unknown>): InsertPosition {
  if (page.items.some((item) => item.id === created.id)) return null;
  if (isNewestFirst(page.sort)) return page.offset === 0 ? { at: 0 } : null;
  const full = page.items.length >= page.limit;
  if (full) return null;
  if (!page.sort || Object.keys(page.sort).length === 0) return { at: page.items.length };
  const sort = page.sort;
  const index = page.items.findIndex((item) => compareBySort(sort, created, item) < 0);
  if (index === -1) return { at: page.items.length };
  if (index === 0 && page.offset > 0) return null;
  return { at: index };
}

/** Does a record satisfy the list's filter (`~prefix`, exact, `a,b` in, `!` not, null)? Unknown shapes match. */
export function matchesFilter(filter: Filter | undefined, record: Record<string, unknown>): boolean {
  if (!filter) return true;
  for (const [field, expected] of Object.entries(filter)) {
    if (expected === undefined) continue;
    const actual = record[field];
    if (expected === null) {
      if (actual !== null && actual !== undefined) return false;
      continue;
    }
    if (Array.isArray(expected)) {
      if (!expected.map(String).includes(String(actual))) return false;
      continue;
    }
    const text = String(expected);
    if (text.startsWith('~')) {
      if (
        !String(actual ?? '')
          .toLowerCase()
          .startsWith(text.slice(1).toLowerCase())
      )
        return false;
    } else if (text.startsWith('!')) {
      if (String(actual) === text.slice(1)) return false;
    } else if (text === 'null') {
      if (actual !== null && actual !== undefined) return false;
    } else if (/^[<>]/.test(text)) {
      continue;
    } else if (text.includes(',')) {
      if (!text.split(',').includes(String(actual))) return false;
    } else if (String(actual) !== text) {
      return false;
    }
  }
  return true;
}

export interface LiveListContext {
  readonly filter?: Filter;
  readonly sort?: Sort;
  readonly include?: ListQuery['include'];
}

/**
 * A created record the list shows, but whose event lacks the related records the list includes
 * (an analysis-node's analysis and node names): the page is fetched again instead of showing ids.
 */
export function createdNeedsRefetch(
  event: 'created' | 'updated' | 'deleted',
  record: Record<string, unknown>,
  context: LiveListContext,
): boolean {
  if (event !== 'created' || !matchesFilter(context.filter, record)) return false;
  return (context.include ?? []).some((relation) => record[relation] === undefined);
}

/** The value as `schema` reads it, or undefined when it cannot. */
export function parsedOrUndefined<T>(schema: ResponseSchema<T>, value: unknown): T | undefined {
  try {
    return schema.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * A list response after an entity event: created records appear when `insertPosition` allows
 * (and always count in the total when they match the filter), updates merge into the record shown,
 * deletions remove it. Returns the same object when nothing changes, and undefined when the record
 * (or the merged one) is not what `schema` reads: the page is then fetched again.
 */
export function applyLiveEvent<T extends Identified>(
  list: ListResponse<T>,
  event: 'created' | 'updated' | 'deleted',
  record: Record<string, unknown>,
  schema: ResponseSchema<T>,
  context: LiveListContext = {},
): ListResponse<T> | undefined {
  const id = record.id;
  if (typeof id !== 'string') return list;
  const index = list.data.findIndex((item) => item.id === id);
  switch (event) {
    case 'created': {
      if (index !== -1 || !matchesFilter(context.filter, record)) return list;
      const position = insertPosition(
        {
          items: list.data,
          offset: list.meta.offset,
          limit: list.meta.limit,
          total: list.meta.total,
          sort: context.sort,
        },
        record,
      );
      const meta = { ...list.meta, total: list.meta.total + 1 };
      if (!position) return { data: list.data, meta };
      const created = parsedOrUndefined(schema, record);
      if (!created) return undefined;
      const data = [...list.data];
      data.splice(position.at, 0, created);
      if (data.length > list.meta.limit) data.length = list.meta.limit;
      return { data, meta };
    }
    case 'updated': {
      if (index === -1) return list;
      const updated = parsedOrUndefined(schema, { ...list.data[index], ...record });
      if (!updated) return undefined;
      const data = [...list.data];
      data[index] = updated;
      return { data, meta: list.meta };
    }
    case 'deleted': {
      if (index === -1) return list;
      return {
        data: list.data.filter((item) => item.id !== id),
        meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
      };
    }
  }
}
