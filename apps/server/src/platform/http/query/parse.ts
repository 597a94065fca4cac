import type { ResourceQuery } from './definition.ts';
import { parseFilters } from './parse-filter.ts';
import { parsePage } from './parse-page.ts';
import { parseSelection } from './parse-selection.ts';
import { parseSort } from './parse-sort.ts';
import { readQueryEntries, type QueryParameter, type RawEntry } from './raw-input.ts';
import type { ParsedListQuery, ParsedSelection } from './types.ts';

/**
 * Reads `filter`, `fields`, `include`, `sort` and `page` from a parsed query string (Fastify's
 * `request.query`) for a list request. Anything not allowed by the declaration is a 400 naming the
 * parameter; other query parameters are ignored.
 */
export function parseListQuery(raw: unknown, definition: ResourceQuery): ParsedListQuery {
  const entries = groupEntries(readQueryEntries(raw));
  return {
    filters: parseFilters(entries.filter, definition),
    ...parseSelection(entries, definition),
    sort: parseSort(entries.sort, definition),
    page: parsePage(entries.page, definition),
  };
}

/**
 * Reads `fields` and `include` for a single-entity read. Filters, sorting and paging mean nothing
 * there and are ignored, as in the originals.
 */
export function parseReadQuery(raw: unknown, definition: ResourceQuery): ParsedSelection {
  return parseSelection(groupEntries(readQueryEntries(raw)), definition);
}

function groupEntries(entries: readonly RawEntry[]): Record<QueryParameter, RawEntry[]> {
  const groups: Record<QueryParameter, RawEntry[]> = {
    filter: [],
    fields: [],
    include: [],
    sort: [],
    page: [],
  };
  for (const entry of entries) groups[entry.name].push(entry);
  return groups;
}
