import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** APIs whose every operation documents the body of its success answer. */
const DOCUMENTED_PREFIXES = ['/core/', '/telemetry/'];

/**
 * The OpenAPI document at /docs is generated from the routes' schemas, so what a caller reads there
 * is what the server answers. Walks every operation of the finished APIs and names the ones whose 2xx
 * answer has no body schema.
 */
describe('OpenAPI document', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('declares the 2xx body of every hub core and telemetry operation', async () => {
    const response = await ctx.app.inject({ url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => DOCUMENTED_PREFIXES.some((prefix) => path.startsWith(prefix)))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          name: `${method.toUpperCase()} ${path}`,
          operation,
        })),
      );
    expect(operations.length).toBeGreaterThan(40);
    const undocumented = operations
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          /^2\d\d$/.test(status),
        );
        return !success.some(([, answer]) =>
          Object.values(answer.content ?? {}).some((media) => media.schema),
        );
      })
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
  });
});
