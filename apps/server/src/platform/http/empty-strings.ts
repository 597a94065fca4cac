import type { FastifyInstance } from 'fastify';

/** Replaces every empty string in a JSON or form body with null, recursively (docs/design.md §4). */
export function emptyStringsToNull(value: unknown): unknown {
  if (value === '') return null;
  if (Array.isArray(value)) return value.map(emptyStringsToNull);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = emptyStringsToNull(item);
    return result;
  }
  return value;
}

export function registerEmptyStringNormalizer(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = emptyStringsToNull(request.body);
  });
}
