import type { ListMeta, ListResponse } from '@federa/schemas';

/**
 * What a request parses its answer with, and where the answer's type comes from: a zod schema of
 * `@federa/schemas` (`ProjectSchema`, ...) or any object with the same `parse`, which returns the
 * typed value or throws. The node agent passes small checks of its own, so that it never loads zod
 * (docs/node-agent.md "Memory").
 */
export interface ResponseSchema<T> {
  parse(body: unknown): T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of a JSON object, for a check without zod; anything else is refused as `what`. */
export function objectFields(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new TypeError(`${what} is not an object`);
  return value;
}

function count(meta: Record<string, unknown>, key: 'total' | 'limit' | 'offset'): number {
  const value = meta[key];
  if (typeof value !== 'number') throw new TypeError(`meta.${key} is not a number`);
  return value;
}

function metaOf(value: unknown): ListMeta {
  if (!isRecord(value)) throw new TypeError('meta is not an object');
  return {
    total: count(value, 'total'),
    limit: count(value, 'limit'),
    offset: count(value, 'offset'),
    ...(typeof value.estimated === 'boolean' ? { estimated: value.estimated } : {}),
    ...(typeof value.after === 'string' ? { after: value.after } : {}),
  };
}

/**
 * A list answer (`{ data: [record, ...], meta: { total, limit, offset } }`) whose records `item`
 * parses. Without zod, so that the client needs no zod of its own (the agent's bundle).
 */
export function listResponseOf<T>(item: ResponseSchema<T>): ResponseSchema<ListResponse<T>> {
  return {
    parse(body) {
      if (!isRecord(body) || !Array.isArray(body.data)) throw new TypeError('the answer is not a list');
      return { data: body.data.map((record) => item.parse(record)), meta: metaOf(body.meta) };
    },
  };
}
