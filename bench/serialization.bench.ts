/**
 * What serializing the identity server's hottest answers through their zod response schemas costs,
 * against the plain `JSON.stringify` Fastify uses for a route without one. On one core, in process.
 * Run from the repository root: `npm run bench -- serialization` (or `npx tsx bench/serialization.bench.ts`).
 *
 * Cases: the answer of token introspection for a subject that holds every permission (the largest
 * one the introspection case of auth.bench.ts gets), and a token response with a refresh token.
 * Prints microseconds per answer each way and the difference; the server's CPU time per request of
 * the same endpoints (auth.bench.ts) puts the difference in proportion. No target: for information.
 */
import { deepStrictEqual } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { PermissionName, TokenIntrospectionSchema, TokenResponseSchema } from '@federa/schemas';
import { serializerCompiler } from 'fastify-type-provider-zod';

const ROUNDS = 20_000;
const WARM_UP_ROUNDS = 2_000;

const realmId = randomUUID();
const introspection = {
  active: true,
  kind: 'access_token',
  jti: randomUUID(),
  iss: 'http://127.0.0.1:3010/auth',
  sub: randomUUID(),
  sub_kind: 'user',
  realm_id: realmId,
  realm_name: 'master',
  scope: 'global',
  remote_address: '127.0.0.1',
  iat: 1_790_000_000,
  exp: 1_790_003_600,
  permissions: Object.values(PermissionName).map((name) => ({ name, realm_id: realmId, client_id: null })),
};
const tokenResponse = {
  access_token: 'a'.repeat(900),
  token_type: 'Bearer',
  expires_in: 3_600,
  scope: 'global',
  refresh_token: 'r'.repeat(900),
  refresh_token_expires_in: 259_200,
};

/** The serializer Fastify compiles for a route that declares `schema` as its 200 answer. */
function compiled(schema: unknown): (data: unknown) => string {
  return serializerCompiler({ schema, method: 'POST', url: '/bench', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;
}

function microsecondsPerCall(serialize: () => string): number {
  for (let index = 0; index < WARM_UP_ROUNDS; index++) serialize();
  const started = process.hrtime.bigint();
  for (let index = 0; index < ROUNDS; index++) serialize();
  return Number(process.hrtime.bigint() - started) / 1_000 / ROUNDS;
}

const cases = [
  {
    name: `introspection (${introspection.permissions.length} permissions)`,
    data: introspection,
    schema: TokenIntrospectionSchema,
  },
  { name: 'token response', data: tokenResponse, schema: TokenResponseSchema },
];
for (const { name, data, schema } of cases) {
  const serialize = compiled(schema);
  // The same answer (its keys may come in the schema's order).
  deepStrictEqual(JSON.parse(serialize(data)), data, `${name}: the schema changes the answer`);
  const plain = microsecondsPerCall(() => JSON.stringify(data));
  const viaSchema = microsecondsPerCall(() => serialize(data));
  console.log(
    `serialization  ${name.padEnd(34)} JSON.stringify ${plain.toFixed(2).padStart(6)} µs  ` +
      `schema ${viaSchema.toFixed(2).padStart(6)} µs  (+${(viaSchema - plain).toFixed(2)} µs per answer, ` +
      `${JSON.stringify(data).length.toLocaleString('en')} bytes)`,
  );
}
