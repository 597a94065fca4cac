import { invalidQuery } from '../errors.ts';
import { parameterName } from './quote.ts';

export const QUERY_PARAMETERS = ['filter', 'fields', 'include', 'sort', 'page'] as const;
export type QueryParameter = (typeof QUERY_PARAMETERS)[number];

/** One interpreted query-string parameter, whichever form it arrived in. */
export interface RawEntry {
  /** Canonical name for messages: `filter[name]`, `page[limit]`, `fields`. */
  parameter: string;
  name: QueryParameter;
  /** The bracket segments: `filter[realm][name]` → ['realm', 'name']. */
  path: string[];
  value: string;
}

/** `filter[realm][name]` is the deepest shape any parameter takes. */
const MAX_PATH_DEPTH = 2;
const MAX_KEY_LENGTH = 200;
const MAX_VALUE_LENGTH = 16_384;
const SEGMENTS = /^(?:\[[^[\]]*\])*$/;

const isParameter = (name: string): name is QueryParameter =>
  (QUERY_PARAMETERS as readonly string[]).includes(name);

/**
 * Reads the five list parameters out of a parsed query string. Accepts the flat record Fastify's
 * default parser produces (`{ 'filter[name]': '~a', 'page[limit]': '10' }`) and the nested form other
 * parsers produce (`{ filter: { name: '~a' } }`); anything else in the record is left alone.
 * A parameter given twice (a string[] value) is a 400: every one of them is single-valued.
 */
export function readQueryEntries(raw: unknown): RawEntry[] {
  if (!isPlainObject(raw)) return [];
  const entries = new Map<string, RawEntry>();

  for (const key of Object.keys(raw)) {
    const bracket = key.search(/[[\]]/);
    const name = bracket === -1 ? key : key.slice(0, bracket);
    if (!isParameter(name)) continue;

    const shown = parameterName(key);
    if (key.length > MAX_KEY_LENGTH) throw invalidQuery(shown, 'the parameter name is too long');
    const rest = key.slice(name.length);
    if (!SEGMENTS.test(rest)) throw invalidQuery(shown, 'malformed brackets');
    const path = rest === '' ? [] : rest.slice(1, -1).split('][');
    collect(entries, name, path, raw[key]);
  }
  return [...entries.values()];
}

function collect(entries: Map<string, RawEntry>, name: QueryParameter, path: string[], value: unknown): void {
  const canonical = `${name}${path.map((segment) => `[${segment}]`).join('')}`;
  const parameter = parameterName(canonical);
  if (canonical.length > MAX_KEY_LENGTH) throw invalidQuery(parameter, 'the parameter name is too long');
  if (path.some((segment) => segment === '')) throw invalidQuery(parameter, 'empty brackets');
  if (path.some((segment) => /[[\]]/.test(segment))) throw invalidQuery(parameter, 'malformed brackets');
  if (path.length > MAX_PATH_DEPTH) throw invalidQuery(parameter, 'nested too deeply');

  if (value === undefined) return;
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) collect(entries, name, [...path, key], value[key]);
    return;
  }
  if (Array.isArray(value)) throw invalidQuery(parameter, 'the parameter may be given only once');

  let text: string;
  if (typeof value === 'string') text = value;
  else if (value === null) text = 'null';
  else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    text = String(value);
  } else throw invalidQuery(parameter, 'unsupported value');

  if (text.length > MAX_VALUE_LENGTH) throw invalidQuery(parameter, 'the value is too long');
  // PostgreSQL text cannot hold NUL; refuse it here instead of failing in the database.
  if (text.includes('\u0000')) throw invalidQuery(parameter, 'the value contains a NUL character');
  if (entries.has(canonical)) throw invalidQuery(parameter, 'the parameter may be given only once');
  entries.set(canonical, { parameter, name, path, value: text });
}

/** Record-like objects, whatever their prototype: fast-querystring builds them on a null-prototype base. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}
