import { invalidQuery } from '../errors.ts';
import { supportsComparison, supportsLike } from './column-kind.ts';
import { coerceFilterValue, type CoercionTarget } from './coerce-value.ts';
import { SEARCH_FILTER, type ResourceQuery } from './definition.ts';
import { quote } from './quote.ts';
import type { RawEntry } from './raw-input.ts';
import type { ComparisonOperator, FilterScalar, LikeMatch, ParsedFilter } from './types.ts';

const MAX_LIST_ITEMS = 500;

const COMPARISONS: readonly [string, ComparisonOperator, ComparisonOperator][] = [
  // [prefix, operator, operator when negated with `!`]; the two-character prefixes come first.
  ['<=', 'lte', 'gt'],
  ['>=', 'gte', 'lt'],
  ['<', 'lt', 'gte'],
  ['>', 'gt', 'lte'],
];

interface FilterTarget extends CoercionTarget {
  field: string;
  relation?: string;
  /** The virtual search filter: only `~` patterns mean something there. */
  searchOnly?: boolean;
}

/** Parses every `filter[...]` entry against the declaration. */
export function parseFilters(entries: readonly RawEntry[], definition: ResourceQuery): ParsedFilter[] {
  const filters: ParsedFilter[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.path.length === 0) throw invalidQuery(entry.parameter, 'use filter[<field>]=<value>');
    const key = entry.path.join('.');
    const target = resolveTarget(entry.parameter, key, definition);
    if (seen.has(key))
      throw invalidQuery(entry.parameter, `the filter ${quote(key)} is given more than once`);
    seen.add(key);

    const value = entry.value.trim();
    // An empty filter is no filter, as in the original (rapiq): `filter[name]=` changes nothing.
    if (value === '') continue;
    filters.push(parseFilterExpression(entry.parameter, value, target));
  }
  return filters;
}

/** The first filter on a field, for routes that require one (e.g. `filter[analysis_id]`). */
export function findFilter(filters: readonly ParsedFilter[], field: string): ParsedFilter | undefined {
  return filters.find((filter) => filter.relation === undefined && filter.field === field);
}

function resolveTarget(parameter: string, key: string, definition: ResourceQuery): FilterTarget {
  const unknown = () => {
    const allowed = [...definition.filters];
    if (definition.search.length > 0) allowed.push(SEARCH_FILTER);
    for (const relation of definition.relations.values()) {
      for (const field of relation.filters) allowed.push(`${relation.name}.${field}`);
    }
    return invalidQuery(parameter, `unknown filter ${quote(key)} (allowed: ${allowed.join(', ') || 'none'})`);
  };

  if (key === SEARCH_FILTER && definition.search.length > 0) {
    return { field: SEARCH_FILTER, label: key, kind: 'text', searchOnly: true };
  }

  const dot = key.indexOf('.');
  if (dot === -1) {
    const column = definition.filters.has(key) ? definition.columns.get(key) : undefined;
    if (!column) throw unknown();
    return { field: key, label: key, kind: column.kind, enumValues: column.column.enumValues };
  }

  const relation = definition.relations.get(key.slice(0, dot));
  if (!relation) throw unknown();
  const field = key.slice(dot + 1);
  const column = relation.filters.has(field) ? relation.columns.get(field) : undefined;
  if (!column) {
    if (relation.filters.size === 0)
      throw invalidQuery(parameter, `the relation ${relation.name} cannot be filtered`);
    throw unknown();
  }
  return {
    field,
    relation: relation.name,
    label: key,
    kind: column.kind,
    enumValues: column.column.enumValues,
  };
}

/**
 * The rapiq value grammar: optional `!` (negation), then `~` (like; `~abc` prefix, `abc~` suffix,
 * `~abc~` contains), `<`, `<=`, `>`, `>=`, a comma list (in) or `null`; otherwise equality.
 */
export function parseFilterExpression(parameter: string, input: string, target: FilterTarget): ParsedFilter {
  const base = { parameter, field: target.field, ...(target.relation ? { relation: target.relation } : {}) };
  const negated = input.startsWith('!');
  const rest = negated ? input.slice(1).trim() : input;
  if (rest === '') throw invalidQuery(parameter, 'a value is missing after "!"');

  const isLike = rest.startsWith('~') || rest.endsWith('~');
  if (target.searchOnly && (negated || !isLike)) {
    throw invalidQuery(parameter, 'search takes a pattern such as "~text" (prefix) or "~text~" (contains)');
  }

  if (isLike) {
    if (!supportsLike(target.kind)) {
      throw invalidQuery(parameter, `the field ${target.label} does not support "~" (pattern match)`);
    }
    const leading = rest.startsWith('~');
    const body = leading ? rest.slice(1) : rest;
    const trailing = body.endsWith('~');
    const text = trailing ? body.slice(0, -1) : body;
    const match: LikeMatch = leading && trailing ? 'contains' : leading ? 'prefix' : 'suffix';
    const values = splitList(parameter, text);
    return {
      ...base,
      operator: negated ? 'notLike' : 'like',
      match,
      values: values.length > 0 ? values : [''],
    };
  }

  for (const [prefix, operator, inverse] of COMPARISONS) {
    if (!rest.startsWith(prefix)) continue;
    const operand = rest.slice(prefix.length).trim();
    if (!supportsComparison(target.kind)) {
      throw invalidQuery(parameter, `the field ${target.label} does not support "${prefix}"`);
    }
    if (operand === '') throw invalidQuery(parameter, `a value is missing after "${prefix}"`);
    if (operand.includes(',')) throw invalidQuery(parameter, `"${prefix}" takes a single value, not a list`);
    if (isNull(operand)) throw invalidQuery(parameter, `"${prefix}" cannot compare with null`);
    return {
      ...base,
      operator: negated ? inverse : operator,
      value: coerceFilterValue(parameter, operand, target),
    };
  }

  if (rest.includes(',')) {
    const items = splitList(parameter, rest);
    if (items.length === 0) throw invalidQuery(parameter, 'the list is empty');
    const orNull = items.some(isNull);
    const values = dedupe(
      items.filter((item) => !isNull(item)).map((item) => coerceFilterValue(parameter, item, target)),
    );
    if (values.length === 0) return { ...base, operator: negated ? 'isNotNull' : 'isNull' };
    return { ...base, operator: negated ? 'notIn' : 'in', values, orNull };
  }

  if (isNull(rest)) return { ...base, operator: negated ? 'isNotNull' : 'isNull' };
  return { ...base, operator: negated ? 'ne' : 'eq', value: coerceFilterValue(parameter, rest, target) };
}

function splitList(parameter: string, text: string): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length > MAX_LIST_ITEMS)
    throw invalidQuery(parameter, `a list may hold at most ${MAX_LIST_ITEMS} values`);
  return items;
}

function isNull(value: string): boolean {
  return value.toLowerCase() === 'null';
}

function dedupe(values: FilterScalar[]): FilterScalar[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value instanceof Date ? `d${value.getTime()}` : `${typeof value}${String(value)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
