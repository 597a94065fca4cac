import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseListQuery, parseReadQuery } from './parse.ts';
import { CREATE_TABLES_SQL, realmQuery, realms, userQuery, users } from './query-fixtures.test-support.ts';
import { expectInvalidQuery } from './query.test-support.ts';
import { afterCursor } from './keyset.ts';
import { runListQuery, runReadQuery } from './run.ts';

const R1 = '00000000-0000-4000-8000-0000000000a1';
const R2 = '00000000-0000-4000-8000-0000000000a2';
const R3 = '00000000-0000-4000-8000-0000000000a3';
const u = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const at = (day: number) => new Date(Date.UTC(2024, 0, day));

const REALMS = [
  { id: R1, name: 'master', parent_id: null, created_at: '2024-01-01T00:00:00Z' },
  { id: R2, name: 'other', parent_id: R1, created_at: '2024-01-02T00:00:00Z' },
  { id: R3, name: 'third', parent_id: R2, created_at: '2024-01-03T00:00:00Z' },
];

// prettier-ignore
const USERS = [
  { id: u(1), name: 'alice',   display_name: 'Alice A', active: true,  count: 5,  big: null,               role: 'admin',  secret: 's1', realm_id: R1,   created_at: at(1) },
  { id: u(2), name: 'Albert',  display_name: null,      active: false, count: 10, big: 9007199254740993n,  role: 'member', secret: null, realm_id: R1,   created_at: at(2) },
  { id: u(3), name: 'bob',     display_name: 'Bob',     active: true,  count: 5,  big: 2n,                 role: null,     secret: null, realm_id: R2,   created_at: at(3) },
  { id: u(4), name: 'carol',   display_name: '50% off', active: false, count: 0,  big: null,               role: 'member', secret: null, realm_id: null, created_at: at(4) },
  { id: u(5), name: 'a_b',     display_name: 'x',       active: true,  count: 7,  big: null,               role: null,     secret: null, realm_id: R3,   created_at: at(5) },
  { id: u(6), name: 'axb',     display_name: null,      active: true,  count: 7,  big: null,               role: null,     secret: null, realm_id: R2,   created_at: at(5) },
  { id: u(7), name: 'dave%',   display_name: null,      active: false, count: -3, big: null,               role: null,     secret: null, realm_id: null, created_at: at(6) },
  { id: u(8), name: "o'brien", display_name: null,      active: true,  count: 1,  big: null,               role: null,     secret: null, realm_id: R1,   created_at: at(7) },
  { id: u(9), name: 'davey',   display_name: null,      active: true,  count: 2,  big: null,               role: null,     secret: null, realm_id: R3,   created_at: at(8) },
] as const;

let client: PGlite;
const queries: string[] = [];
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client, { logger: { logQuery: (query) => queries.push(query) } });
  await client.exec(CREATE_TABLES_SQL);
  await db.insert(realms).values(REALMS);
  await db.insert(users).values(USERS.map((row) => ({ ...row })));
});

afterAll(async () => {
  await client.close();
});

beforeEach(() => {
  queries.length = 0;
});

async function list(raw: Record<string, unknown>, where?: Parameters<typeof runListQuery>[3]) {
  return runListQuery(db, userQuery, parseListQuery({ 'page[limit]': '50', ...raw }, userQuery), where);
}

/** Matching names in code-unit order, so the assertions do not depend on the database collation. */
async function names(raw: Record<string, unknown>): Promise<string[]> {
  const result = await list(raw);
  return result.data.map((row) => row.name as string).sort();
}

describe('runListQuery on PGlite', () => {
  it('filters with equality, negation and null', async () => {
    expect(await names({ 'filter[name]': 'alice' })).toEqual(['alice']);
    expect(await names({ 'filter[name]': '!alice' })).toHaveLength(8);
    expect(await names({ 'filter[realm_id]': 'null' })).toEqual(['carol', 'dave%']);
    expect(await names({ 'filter[realm_id]': '!null' })).toHaveLength(7);
    expect(await names({ 'filter[role]': 'admin' })).toEqual(['alice']);
    expect(await names({ 'filter[active]': 'false' })).toEqual(['Albert', 'carol', 'dave%']);
  });

  it('matches prefix, suffix and contains case-insensitively', async () => {
    expect(await names({ 'filter[name]': '~AL' })).toEqual(['Albert', 'alice']);
    expect(await names({ 'filter[name]': 'b~' })).toEqual(['a_b', 'axb', 'bob']);
    expect(await names({ 'filter[name]': '~LI~' })).toEqual(['alice']);
    expect(await names({ 'filter[name]': '!~al' })).toHaveLength(7);
    expect(await names({ 'filter[name]': '~bo,ca' })).toEqual(['bob', 'carol']);
  });

  it('treats % and _ in a like value literally', async () => {
    expect(await names({ 'filter[name]': '~a_' })).toEqual(['a_b']);
    expect(await names({ 'filter[name]': '~dave%' })).toEqual(['dave%']);
    expect(await names({ 'filter[display_name]': '~0%~' })).toEqual(['carol']);
    expect(await names({ 'filter[name]': '~%' })).toEqual([]);
  });

  it('filters lists, with null as an alternative', async () => {
    expect(await names({ 'filter[id]': `${u(1)},${u(3)}` })).toEqual(['alice', 'bob']);
    expect(await names({ 'filter[id]': `!${u(1)},${u(3)}` })).toHaveLength(7);
    expect(await names({ 'filter[realm_id]': `${R2},null` })).toEqual(['axb', 'bob', 'carol', 'dave%']);
    expect(await names({ 'filter[realm_id]': `!${R1},null` })).toEqual(['a_b', 'axb', 'bob', 'davey']);
  });

  it('compares numbers, bigints and timestamps', async () => {
    expect(await names({ 'filter[count]': '>5' })).toEqual(['Albert', 'a_b', 'axb']);
    expect(await names({ 'filter[count]': '<=0' })).toEqual(['carol', 'dave%']);
    expect(await names({ 'filter[count]': '!<7' })).toEqual(['Albert', 'a_b', 'axb']);
    expect(await names({ 'filter[big]': '>9007199254740992' })).toEqual(['Albert']);
    expect(await names({ 'filter[created_at]': '>=2024-01-06' })).toEqual(['dave%', 'davey', "o'brien"]);
    expect(await names({ 'filter[created_at]': '<2024-01-02T00:00:00Z' })).toEqual(['alice']);
    expect(await names({ 'filter[created_at]': '2024-01-05' })).toEqual(['a_b', 'axb']);
  });

  it('filters through a relation, also onto the same table', async () => {
    expect(await names({ 'filter[realm.name]': 'master' })).toEqual(['Albert', 'alice', "o'brien"]);
    expect(await names({ 'filter[realm.name]': '~th' })).toEqual(['a_b', 'davey']);
    const children = await runListQuery(
      db,
      realmQuery,
      parseListQuery({ 'filter[parent.name]': 'master' }, realmQuery),
    );
    expect(children.data.map((row) => row.name)).toEqual(['other']);
    expect(children.meta.total).toBe(1);
  });

  it('compares string-mode timestamps', async () => {
    const run = (value: string) =>
      runListQuery(db, realmQuery, parseListQuery({ 'filter[created_at]': value, sort: 'name' }, realmQuery));
    expect((await run('>2024-01-01T12:00:00+01:00')).data.map((row) => row.name)).toEqual(['other', 'third']);
    expect((await run('2024-01-02')).data.map((row) => row.name)).toEqual(['other']);
  });

  it('combines filters with the caller condition, and counts only matching rows', async () => {
    const result = await list(
      { 'filter[name]': '~a', 'page[limit]': '1', sort: '-count' },
      { where: eq(users.active, true) },
    );
    expect(result.data.map((row) => row.name)).toEqual(['a_b']); // alice 5, a_b 7, axb 7 → a_b by id
    expect(result.meta).toEqual({ total: 3, limit: 1, offset: 0 });

    const beyond = await list({ 'page[offset]': '100' }, { where: eq(users.active, false) });
    expect(beyond).toEqual({ data: [], meta: { total: 3, limit: 50, offset: 100 } });
  });

  it('counts exactly up to the cap, and past it gives an estimate no smaller than what exists', async () => {
    const exact = await list({ 'page[limit]': '2' }, { exactCountUpTo: 9 });
    expect(exact.meta).toEqual({ total: 9, limit: 2, offset: 0 });

    const capped = await list({ 'page[limit]': '2' }, { exactCountUpTo: 3 });
    expect(capped.data).toHaveLength(2);
    expect(capped.meta.estimated).toBe(true);
    expect(capped.meta.total).toBeGreaterThanOrEqual(4);
    // Counting stopped one row past the cap instead of reading the whole table.
    expect(queries.some((query) => /limit \$?\d+/i.test(query) && query.includes('"visible"'))).toBe(true);

    const deep = await list({ 'page[limit]': '2', 'page[offset]': '6' }, { exactCountUpTo: 3 });
    expect(deep.meta.total).toBeGreaterThanOrEqual(9);
  });

  it('skips the count of a list that went past the cap a moment ago, and counts again under a higher cap', async () => {
    const first = await list({ 'page[limit]': '2', 'filter[name]': '~a' }, { exactCountUpTo: 1 });
    expect(first.meta.estimated).toBe(true);
    queries.length = 0;
    const again = await list({ 'page[limit]': '2', 'filter[name]': '~a' }, { exactCountUpTo: 1 });
    expect(again.data.map((row) => row.id)).toEqual(first.data.map((row) => row.id));
    expect(again.meta).toEqual(first.meta);
    expect(queries.some((query) => query.includes('"visible"') || query.includes('EXPLAIN'))).toBe(false);

    // Going past a cap of 1 says nothing about a cap of 9: that total is counted, exactly.
    const matching = (await names({ 'filter[name]': '~a' })).length;
    expect(matching).toBeGreaterThan(1);
    const exact = await list({ 'page[limit]': '2', 'filter[name]': '~a' }, { exactCountUpTo: 9 });
    expect(exact.meta).toEqual({ total: matching, limit: 2, offset: 0 });
  });

  it('pages with a cursor through the whole list, in order, with ties broken by id', async () => {
    // created_at has a tie (a_b and axb); the id tiebreaker keeps every row on exactly one page.
    const all = await list({ sort: '-created_at', 'page[limit]': '50' });
    const seen: unknown[] = [];
    let after = '';
    for (let page = 0; page < 10; page += 1) {
      const result = await list({ sort: '-created_at', 'page[limit]': '2', 'page[after]': after });
      seen.push(...result.data.map((row) => row.id));
      expect(result.meta.total).toBe(9);
      if (!result.meta.after) break;
      after = result.meta.after;
    }
    expect(seen).toEqual(all.data.map((row) => row.id));

    // Without page[after] the answer is as before: no cursor.
    expect((await list({ 'page[limit]': '2' })).meta.after).toBeUndefined();
  });

  it('refuses a cursor it did not write, one of another sort, one with an offset, and a nullable sort', async () => {
    const first = await list({ sort: 'name', 'page[limit]': '2', 'page[after]': '' });
    const cursor = first.meta.after!;
    expect(cursor).toBeTypeOf('string');
    const parse = (raw: Record<string, string>) => () => parseListQuery(raw, userQuery);
    expectInvalidQuery(parse({ 'page[after]': 'not a cursor!' }), 'page[after]');
    expectInvalidQuery(parse({ 'page[after]': Buffer.from('{}').toString('base64url') }), 'page[after]');
    expectInvalidQuery(parse({ 'page[after]': '', 'page[offset]': '2' }), 'page[after]');
    await expect(list({ sort: 'name,-count', 'page[after]': cursor })).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('another sort order'),
    });
    expect(() => afterCursor([{ column: users.display_name, direction: 'ASC' }], ['x'])).toThrow(
      /may be empty/,
    );
  });

  it('returns the requested fields only, and hidden fields on request', async () => {
    const picked = await list({ fields: 'name', 'filter[id]': u(1) });
    expect(picked.data).toEqual([{ id: u(1), name: 'alice' }]);

    const defaults = await list({ 'filter[id]': u(1) });
    expect(Object.keys(defaults.data[0] ?? {})).toEqual([
      'id',
      'name',
      'display_name',
      'active',
      'count',
      'role',
      'realm_id',
      'created_at',
    ]);
    expect(defaults.data[0]?.created_at).toEqual(at(1));

    const withSecret = await list({ fields: '+secret,-display_name', 'filter[id]': u(1) });
    expect(withSecret.data[0]).toMatchObject({ secret: 's1' });
    expect(withSecret.data[0]).not.toHaveProperty('display_name');
  });

  it('runs a list shape it has seen with the new values: same statement, other rows and totals', async () => {
    const first = await list({ 'filter[name]': 'alice', 'page[limit]': '5' });
    const second = await list({ 'filter[name]': 'bob', 'page[limit]': '2', 'page[offset]': '0' });
    expect(first.data.map((row) => row.name)).toEqual(['alice']);
    expect(second.data.map((row) => row.name)).toEqual(['bob']);
    expect(second.meta).toEqual({ total: 1, limit: 2, offset: 0 });
    expect(queries).toHaveLength(2);
    expect(queries[1]).toBe(queries[0]);

    // A longer list of values is another statement; both keep answering for their own values.
    expect(await names({ 'filter[name]': 'alice,bob' })).toEqual(['alice', 'bob']);
    expect(await names({ 'filter[name]': 'alice,bob,carol' })).toEqual(['alice', 'bob', 'carol']);
    expect(await names({ 'filter[name]': 'axb,davey' })).toEqual(['axb', 'davey']);
    const byCaller = (active: boolean) => list({ fields: 'name' }, { where: eq(users.active, active) });
    expect((await byCaller(true)).meta.total).toBe(6);
    expect((await byCaller(false)).meta.total).toBe(3);
  });

  it('joins an included many-to-one relation into the page statement: one statement for the page', async () => {
    const result = await list({ include: 'realm' });
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/left join "realms" on "realms"\."id" = "users"\."realm_id"/);

    const byName = new Map(result.data.map((row) => [row.name, row]));
    expect(byName.get('alice')).toMatchObject({ realm_id: R1, realm: { id: R1, name: 'master' } });
    expect(byName.get('carol')).toMatchObject({ realm_id: null, realm: null });
    expect(Object.keys((byName.get('bob')?.realm ?? {}) as object)).toEqual(['id', 'name']);
  });

  it('loads the relation key it needs even when fields leave it out, then drops it', async () => {
    const result = await list({
      include: 'realm',
      fields: 'name',
      'fields[realm]': 'name',
      'filter[id]': u(3),
    });
    expect(result.data).toEqual([{ id: u(3), name: 'bob', realm: { id: R2, name: 'other' } }]);
  });

  it("loads a relation onto the resource's own table with one batched query", async () => {
    const result = await runListQuery(
      db,
      realmQuery,
      parseListQuery({ include: 'parent', sort: 'name' }, realmQuery),
    );
    const parentQueries = queries.filter((query) => query.includes('where "realms"."id" in'));
    expect(parentQueries).toHaveLength(1);
    expect(parentQueries[0]).toMatch(/in \(\$1, \$2\)/);
    expect(
      result.data.map((row) => [row.name, (row.parent as { name?: string } | null)?.name ?? null]),
    ).toEqual([
      ['master', null],
      ['other', 'master'],
      ['third', 'other'],
    ]);
  });

  it('skips the relation query when no row points anywhere', async () => {
    const result = await list({ include: 'realm', 'filter[realm_id]': 'null' });
    expect(result.data.every((row) => row.realm === null)).toBe(true);
    expect(queries.filter((query) => query.includes('from "realms"'))).toHaveLength(0);
  });

  it('sorts with the id tiebreaker so pages never overlap', async () => {
    const sorted = await list({ sort: 'count' });
    expect(sorted.data.map((row) => row.id)).toEqual([u(7), u(4), u(8), u(9), u(1), u(3), u(5), u(6), u(2)]);

    const descending = await list({ sort: '-count' });
    expect(descending.data.map((row) => row.id)).toEqual([
      u(2),
      u(5),
      u(6),
      u(1),
      u(3),
      u(9),
      u(8),
      u(4),
      u(7),
    ]);

    const paged: unknown[] = [];
    for (let offset = 0; offset < 9; offset += 2) {
      const page = await list({ sort: 'count', 'page[limit]': '2', 'page[offset]': String(offset) });
      expect(page.meta.total).toBe(9);
      paged.push(...page.data.map((row) => row.id));
    }
    expect(paged).toEqual(sorted.data.map((row) => row.id));
  });

  it('applies the default order (created_at DESC, then id)', async () => {
    const result = await list({});
    expect(result.data.slice(0, 4).map((row) => row.id)).toEqual([u(9), u(8), u(7), u(5)]);
    expect(result.data[4]?.id).toBe(u(6));
  });

  it('clamps the limit and reports it', async () => {
    const result = await runListQuery(db, userQuery, parseListQuery({ 'page[limit]': '5000' }, userQuery));
    expect(result.meta).toEqual({ total: 9, limit: 50, offset: 0 });
  });

  it('keeps hostile input out of SQL: as bound data, or refused with a 400', async () => {
    expect(await names({ 'filter[name]': "' OR 1=1--" })).toEqual([]);
    expect(await names({ 'filter[name]': "'; DROP TABLE users; --" })).toEqual([]);
    expect(await names({ 'filter[name]': "~o'" })).toEqual(["o'brien"]);
    expect(await names({ 'filter[display_name]': "~x') OR ('1'='1" })).toEqual([]);

    expectInvalidQuery(
      () => parseListQuery({ 'filter[id]': '1; DROP TABLE users' }, userQuery),
      'filter[id]',
    );
    expectInvalidQuery(() => parseListQuery({ 'filter[count]': '1 OR 1=1' }, userQuery), 'filter[count]');
    expectInvalidQuery(
      () => parseListQuery({ 'filter[name;drop table users]': 'x' }, userQuery),
      'filter[name;drop table users]',
    );
    expectInvalidQuery(() => parseListQuery({ sort: 'name;drop table users' }, userQuery), 'sort');
    expectInvalidQuery(() => parseListQuery({ fields: 'id,(select 1)' }, userQuery), 'fields');
    expectInvalidQuery(
      () => parseListQuery({ 'page[limit]': '1;drop table users' }, userQuery),
      'page[limit]',
    );
    expectInvalidQuery(
      () => parseListQuery({ 'filter[created_at]': "'now'" }, userQuery),
      'filter[created_at]',
    );

    const [{ rows }] = [await db.execute<{ rows: number }>(sql`select count(*)::int as rows from users`)];
    expect(rows[0]?.rows).toBe(9);
    expect((await db.select().from(realms)).length).toBe(3);
  });
});

describe('runReadQuery on PGlite', () => {
  it('reads one row honouring fields and include', async () => {
    const selection = parseReadQuery({ fields: 'name,+secret', include: 'realm' }, userQuery);
    const row = await runReadQuery(db, userQuery, selection, eq(users.id, u(1)));
    expect(row).toEqual({ id: u(1), name: 'alice', secret: 's1', realm: { id: R1, name: 'master' } });
  });

  it('returns undefined when nothing matches', async () => {
    const selection = parseReadQuery({}, userQuery);
    expect(await runReadQuery(db, userQuery, selection, eq(users.id, u(0)))).toBeUndefined();
  });
});
