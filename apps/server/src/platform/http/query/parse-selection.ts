import { invalidQuery } from '../errors.ts';
import type { ResourceQuery } from './definition.ts';
import { quote } from './quote.ts';
import type { RawEntry } from './raw-input.ts';
import type { ParsedInclude, ParsedSelection } from './types.ts';

/** rapiq names the root group of a grouped `fields` parameter `__DEFAULT__`. */
const ROOT_GROUP = '__DEFAULT__';

/**
 * Parses `include=realm,project` and `fields` (`fields=id,name`, `fields=+secret`, `fields=-name`,
 * relation columns as `fields=realm.name` or `fields[realm]=name`).
 */
export function parseSelection(
  entries: { include: readonly RawEntry[]; fields: readonly RawEntry[] },
  definition: ResourceQuery,
): ParsedSelection {
  const includes = parseInclude(entries.include, definition);

  let rootItems: { parameter: string; items: FieldItem[] } | undefined;
  const relationItems = new Map<string, { parameter: string; items: FieldItem[] }>();
  const addRelationItems = (relation: string, parameter: string, items: FieldItem[]) => {
    const group = relationItems.get(relation) ?? { parameter, items: [] };
    group.items.push(...items);
    relationItems.set(relation, group);
  };

  for (const entry of entries.fields) {
    if (entry.path.length > 1) throw invalidQuery(entry.parameter, 'nested too deeply');
    const group = entry.path[0];
    if (group !== undefined && group !== ROOT_GROUP) {
      addRelationItems(group, entry.parameter, readItems(entry.value));
      continue;
    }
    if (rootItems) throw invalidQuery(entry.parameter, 'the root fields are given more than once');
    rootItems = { parameter: entry.parameter, items: [] };
    for (const item of readItems(entry.value)) {
      const dot = item.name.indexOf('.');
      if (dot === -1) rootItems.items.push(item);
      else
        addRelationItems(item.name.slice(0, dot), entry.parameter, [
          { ...item, name: item.name.slice(dot + 1) },
        ]);
    }
  }

  const fields = rootItems
    ? resolveFieldSet(rootItems.parameter, rootItems.items, {
        defaults: definition.defaultFields,
        optional: definition.hiddenFields,
        always: 'id',
      })
    : [...definition.defaultFields];

  for (const [relationName, group] of relationItems) {
    const relation = definition.relations.get(relationName);
    if (!relation) throw invalidQuery(group.parameter, `unknown relation ${quote(relationName)}`);
    const include = includes.find((candidate) => candidate.relation === relationName);
    if (!include)
      throw invalidQuery(group.parameter, `include=${relationName} is required to select its fields`);
    include.fields = resolveFieldSet(group.parameter, group.items, {
      defaults: relation.fields,
      optional: [],
      always: relation.foreignKey.name,
      label: `${relationName}.`,
    });
  }

  return { fields, include: includes };
}

function parseInclude(entries: readonly RawEntry[], definition: ResourceQuery): ParsedInclude[] {
  const includes: ParsedInclude[] = [];
  for (const entry of entries) {
    if (entry.path.length > 0) throw invalidQuery(entry.parameter, 'use include=<relation>,<relation>');
    for (const name of entry.value.split(',').map((item) => item.trim())) {
      if (name === '') continue;
      const relation = definition.relations.get(name);
      if (!relation) {
        const allowed = [...definition.relations.keys()].join(', ') || 'none';
        throw invalidQuery(entry.parameter, `unknown relation ${quote(name)} (allowed: ${allowed})`);
      }
      if (!includes.some((include) => include.relation === name)) {
        includes.push({ relation: name, fields: [...relation.fields] });
      }
    }
  }
  return includes;
}

interface FieldItem {
  sign: '+' | '-' | '';
  name: string;
}

/**
 * Splits a comma list into signed names. An unencoded `+` in a URL arrives as a space, so
 * `fields=+secret` typed by hand reads ` secret`; a leading space is taken as the `+` it was meant to be.
 */
function readItems(value: string): FieldItem[] {
  const items: FieldItem[] = [];
  for (const raw of value.split(',')) {
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    if (trimmed[0] === '+' || trimmed[0] === '-')
      items.push({ sign: trimmed[0], name: trimmed.slice(1).trim() });
    else items.push({ sign: /^\s/.test(raw) ? '+' : '', name: trimmed });
  }
  return items;
}

interface FieldSetOptions {
  defaults: readonly string[];
  /** Fields returned only when asked for (`+secret` or naming them). */
  optional: readonly string[];
  always: string;
  label?: string;
}

function resolveFieldSet(parameter: string, items: readonly FieldItem[], options: FieldSetOptions): string[] {
  const prefix = options.label ?? '';
  const known = [...options.defaults, ...options.optional];
  const explicit: string[] = [];
  const added: string[] = [];
  const removed: string[] = [];

  for (const { sign, name } of items) {
    if (name === '') throw invalidQuery(parameter, `a field name is missing after "${sign}"`);
    if (!known.includes(name)) {
      const allowed = known.map((field) => `${prefix}${field}`).join(', ');
      throw invalidQuery(parameter, `unknown field ${quote(prefix + name)} (allowed: ${allowed})`);
    }
    if (sign === '-' && name === options.always) {
      throw invalidQuery(parameter, `the field ${prefix}${name} is always returned and cannot be removed`);
    }
    (sign === '+' ? added : sign === '-' ? removed : explicit).push(name);
  }

  const chosen = new Set([...(explicit.length > 0 ? explicit : options.defaults), ...added]);
  removed.forEach((name) => chosen.delete(name));
  return [options.always, ...known.filter((field) => field !== options.always && chosen.has(field))];
}
