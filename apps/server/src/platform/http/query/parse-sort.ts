import type { SortDirection } from '@federa/schemas';
import { invalidQuery } from '../errors.ts';
import type { ResourceQuery } from './definition.ts';
import { quote } from './quote.ts';
import type { RawEntry } from './raw-input.ts';
import type { ParsedSort } from './types.ts';

/**
 * Parses `sort=-updated_at,name` (minus = descending) or the object form `sort[name]=DESC`, falls back
 * to the declared default order, and always ends with `id` so equal keys never reorder between pages.
 */
export function parseSort(entries: readonly RawEntry[], definition: ResourceQuery): ParsedSort[] {
  const sort: ParsedSort[] = [];
  const add = (parameter: string, field: string, direction: SortDirection) => {
    if (!definition.sorts.has(field)) {
      const allowed = [...definition.sorts].join(', ') || 'none';
      throw invalidQuery(parameter, `unknown sort key ${quote(field)} (allowed: ${allowed})`);
    }
    if (sort.some((item) => item.field === field)) {
      throw invalidQuery(parameter, `the sort key ${quote(field)} is given more than once`);
    }
    sort.push({ field, direction });
  };

  for (const entry of entries) {
    const [field, ...deeper] = entry.path;
    if (deeper.length > 0) throw invalidQuery(entry.parameter, 'nested too deeply');
    if (field !== undefined) {
      add(entry.parameter, field, readDirection(entry.parameter, entry.value));
      continue;
    }
    for (const raw of entry.value.split(',')) {
      const item = raw.trim();
      if (item === '') continue;
      if (item[0] === '-') add(entry.parameter, item.slice(1).trim(), 'DESC');
      else add(entry.parameter, item[0] === '+' ? item.slice(1).trim() : item, 'ASC');
    }
  }

  const ordered = sort.length > 0 ? sort : [...definition.defaultSort];
  if (!ordered.some((item) => item.field === definition.idColumn.name)) {
    ordered.push({ field: definition.idColumn.name, direction: 'ASC' });
  }
  return ordered;
}

function readDirection(parameter: string, value: string): SortDirection {
  const direction = value.trim().toUpperCase();
  if (direction === 'ASC' || direction === 'DESC') return direction;
  throw invalidQuery(parameter, `${quote(value)} is not a sort direction (ASC or DESC)`);
}
