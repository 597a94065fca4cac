import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { body, pathValue, query, Random, RAW_BODIES } from '#test/fuzz/generators.ts';

/** Requests per run: bounded, so the suite stays well under a minute per database. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  schema: Record<string, unknown> | undefined;
}

/**
 * Every route of the OpenAPI document, called with seeded random ids, queries and bodies, as an
 * administrator, as a user of another realm and anonymously: no input may produce a 5xx, and every
 * refusal carries the standard error body `{ statusCode, code, message }`.
 */
describe('fuzzing every route of the OpenAPI document', () => {
  let ctx: TestApp;
  let callers: { name: string; headers: Record<string, string> }[];
  let operations: Operation[];

  beforeAll(async () => {
    ctx = await createTestApp({
      ROLES: 'api',
      RATE_LIMIT_PER_MINUTE_ANONYMOUS: '0',
      RATE_LIMIT_PER_MINUTE_USER: '0',
      RATE_LIMIT_PER_MINUTE_MACHINE: '0',
      TOKEN_RATE_LIMIT_PER_MINUTE: '0',
    });
    const admin: Caller = await signIn(ctx.app);
    const realm = (await admin.post('/auth/realms', { name: 'fuzz-other' })).json();
    await admin.post('/auth/users', { name: 'fuzz-user', password: 'Fuzz-Passw0rd!', realm_id: realm.id });
    const user = await signIn(ctx.app, 'fuzz-user', 'Fuzz-Passw0rd!', 'fuzz-other');
    callers = [
      { name: 'admin', headers: { authorization: `Bearer ${admin.token}` } },
      { name: 'user of another realm', headers: { authorization: `Bearer ${user.token}` } },
      { name: 'anonymous', headers: {} },
    ];
    const document = (await ctx.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: object }> } }>
      >;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase() as Method,
          path,
          schema: operation.requestBody?.content?.['application/json']?.schema as Record<string, unknown>,
        })),
    );
    expect(operations.length).toBeGreaterThan(100);
  });
  afterAll(() => ctx.close());

  it(`answers ${REQUESTS} malformed requests (seed ${SEED}) without a 5xx, each refusal with the error body`, async () => {
    const random = new Random(SEED);
    const failures: string[] = [];
    const covered = new Set<string>();
    for (let index = 0; index < REQUESTS; index += 1) {
      // Every operation once in order first, then at random.
      const operation = index < operations.length ? operations[index]! : random.pick(operations);
      const caller = random.pick(callers);
      const url =
        operation.path.replace(/\{[^}]+\}/g, () => pathValue(random)) +
        (random.chance(0.5) ? `?${query(random)}` : '');
      const sendsBody = operation.method === 'POST' || operation.method === 'PUT';
      const raw = sendsBody && random.chance(0.1) ? random.pick(RAW_BODIES) : undefined;
      const payload = sendsBody ? (raw ?? JSON.stringify(body(random, operation.schema))) : undefined;
      const response = await ctx.app.inject({
        method: operation.method,
        url,
        headers: {
          ...caller.headers,
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      });
      covered.add(`${operation.method} ${operation.path}`);
      const label = `${operation.method} ${url.slice(0, 200)} as ${caller.name} with ${String(payload).slice(0, 200)}`;
      if (response.statusCode >= 500) {
        failures.push(`${response.statusCode} for ${label}: ${response.body.slice(0, 300)}`);
        continue;
      }
      if (response.statusCode >= 400) {
        let parsed: Record<string, unknown> | undefined;
        try {
          parsed = response.json();
        } catch {
          parsed = undefined;
        }
        const standard =
          parsed?.statusCode === response.statusCode &&
          typeof parsed.code === 'string' &&
          /^[a-z][a-z0-9_]*$/.test(parsed.code) &&
          typeof parsed.message === 'string';
        if (!standard)
          failures.push(`non-standard ${response.statusCode} for ${label}: ${response.body.slice(0, 300)}`);
      }
    }
    expect(covered.size).toBe(operations.length);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 240_000);
});
