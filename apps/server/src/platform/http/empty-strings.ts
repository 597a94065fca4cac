import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Replaces every empty string in a JSON or form body with null (docs/design.md §4), walking the value with
 * a stack of its own instead of recursion, so no body can overflow the call stack. A NUL character
 * in any string is refused: no database column can hold one.
 */
export function emptyStringsToNull(value: unknown): unknown {
  const convert = (item: unknown): unknown => {
    if (item === '') return null;
    if (typeof item === 'string' && item.includes('\u0000')) {
      throw badRequest('A value of the body contains a NUL character.');
    }
    return item;
  };
  if (!Array.isArray(value) && !isPlainObject(value)) return convert(value);

  const copy = (source: unknown): unknown[] | Record<string, unknown> =>
    Array.isArray(source) ? [...(source as unknown[])] : { ...(source as Record<string, unknown>) };
  const root = copy(value);
  const pending: (unknown[] | Record<string, unknown>)[] = [root];
  while (pending.length > 0) {
    const container = pending.pop()! as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      if (key === '__proto__') continue; // refused by the JSON parser; never assigned through
      const item = container[key];
      if (Array.isArray(item) || isPlainObject(item)) {
        const child = copy(item);
        container[key] = child;
        pending.push(child);
      } else {
        container[key] = convert(item);
      }
    }
  }
  return root;
}

/** Whether a path parameter or query value holds a NUL character (which no stored value can). */
function holdsNul(values: unknown): boolean {
  if (!values || typeof values !== 'object') return false;
  return Object.values(values).some((value) =>
    Array.isArray(value)
      ? value.some((item) => typeof item === 'string' && item.includes('\u0000'))
      : typeof value === 'string' && value.includes('\u0000'),
  );
}

export function registerEmptyStringNormalizer(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query)) {
      throw badRequest('A path or query value contains a NUL character.');
    }
    if (request.body !== undefined) request.body = emptyStringsToNull(request.body);
  });
}
