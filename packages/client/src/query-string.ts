import type { ListQuery } from '@federa/schemas';

function encode(key: string, value: string): string {
  return `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
}

function filterValue(value: NonNullable<ListQuery['filter']>[string]): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/**
 * Serialises list options into the query-string syntax of the APIs (docs/design.md §4):
 * `filter[name]=~abc&fields=id,name&include=realm&sort=-updated_at&page[limit]=10&page[offset]=0`.
 * Returns '' when there is nothing to send, otherwise a string starting with '?'.
 */
export function buildQueryString(query: ListQuery | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query.filter ?? {})) {
    if (value !== undefined) parts.push(encode(`filter[${key}]`, filterValue(value)));
  }
  if (query.fields?.length) parts.push(encode('fields', query.fields.join(',')));
  if (query.include?.length) parts.push(encode('include', query.include.join(',')));
  const sort = Object.entries(query.sort ?? {}).map(([key, direction]) =>
    direction === 'DESC' ? `-${key}` : key,
  );
  if (sort.length) parts.push(encode('sort', sort.join(',')));
  if (query.page?.limit !== undefined) parts.push(encode('page[limit]', String(query.page.limit)));
  if (query.page?.offset !== undefined) parts.push(encode('page[offset]', String(query.page.offset)));
  if (query.page?.after !== undefined) parts.push(encode('page[after]', query.page.after));
  return parts.length ? `?${parts.join('&')}` : '';
}
