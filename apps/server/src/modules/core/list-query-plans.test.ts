import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { createRealm, userWith } from './core.test-support.ts';

/** Rows per large table: enough that a sequential scan costs the planner more than an index. */
const ROWS = 20_000;
const LARGE_TABLES = ['projects', 'analyses', 'auth_users'];

type Query = (text: unknown, ...rest: unknown[]) => Promise<unknown>;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The tables a plan reads whole: sequential scans, except those straight under a Limit, which stop
 * after that many rows (the capped count of the total reads at most the cap plus one).
 */
function fullScans(node: PlanNode, parent?: PlanNode): string[] {
  const unbounded = node['Node Type'] === 'Seq Scan' && parent?.['Node Type'] !== 'Limit';
  const own = unbounded && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => fullScans(child, node))];
}

/**
 * The default list queries of the large tables read a page from an index, whatever the table's
 * size: no sequential scan of projects, analyses or users (docs/decisions/0095-list-totals-counted-up-to-a-cap.md).
 */
describe('list query plans at 20,000 rows', () => {
  let ctx: TestApp;
  let admin: Caller;
  let researcher: Caller;
  let statements: { text: string; params: unknown[] }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    const realmId = await createRealm(admin, 'big');
    researcher = await userWith(ctx.app, admin, {
      name: 'researcher',
      realmId,
      realmName: 'big',
      permissions: ['project_update', 'analysis_update', 'user_read'],
    });
    const { db } = ctx.database;
    await db.execute(sql`
      INSERT INTO projects (name, realm_id, created_at)
      SELECT 'project-' || g, ${realmId}, now() - g * interval '1 second' FROM generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      INSERT INTO analyses (name, realm_id, project_id, created_at)
      SELECT 'analysis-' || p.name, p.realm_id, p.id, p.created_at FROM projects p`);
    await db.execute(sql`
      INSERT INTO auth_users (name, realm_id, created_at)
      SELECT 'user-' || g, ${realmId}, now() - g * interval '1 second' FROM generate_series(1, ${ROWS}) g`);
    for (const table of LARGE_TABLES) await db.execute(sql.raw(`ANALYZE ${table}`));

    // Every statement the server sends from here on, with its parameters, to explain it afterwards.
    const client = (db as unknown as { $client: { query: Query } }).$client;
    const query = client.query.bind(client);
    client.query = (text: unknown, ...rest: unknown[]) => {
      const statement = typeof text === 'string' ? text : (text as { text?: string }).text;
      if (statement) statements.push({ text: statement, params: (rest[0] as unknown[]) ?? [] });
      return query(text, ...rest);
    };
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  async function plansOf(caller: Caller, url: string): Promise<string[]> {
    statements = [];
    const response = await caller.get(url);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: unknown[]; meta: { total: number; estimated?: boolean } };
    expect(body.data).toHaveLength(10);
    expect(body.meta.estimated).toBe(true);
    expect(body.meta.total).toBeGreaterThan(1_000);
    const listed = statements.filter(({ text }) => LARGE_TABLES.some((table) => text.includes(`"${table}"`)));
    expect(listed.length).toBeGreaterThan(0);
    const scanned: string[] = [];
    for (const { text, params } of listed) {
      if (!/^\s*select/i.test(text)) continue;
      const explained = (await (ctx.database.db as unknown as { $client: { query: Query } }).$client.query(
        `EXPLAIN (FORMAT JSON) ${text}`,
        params,
      )) as { rows: Record<string, unknown>[] };
      const raw = Object.values(explained.rows[0]!)[0];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
      scanned.push(...fullScans(plan[0].Plan).filter((table) => LARGE_TABLES.includes(table)));
    }
    return scanned;
  }

  it('lists projects newest first, across realms and inside one, from an index', async () => {
    expect(await plansOf(admin, '/core/projects?page[limit]=10')).toEqual([]);
    expect(await plansOf(researcher, '/core/projects?page[limit]=10')).toEqual([]);
  });

  it('reads a page far into the list after a cursor from the index', async () => {
    let url = '/core/projects?page[limit]=10&page[after]=';
    for (let page = 0; page < 3; page += 1) {
      const response = await admin.get(url);
      const after = (response.json() as { meta: { after?: string } }).meta.after;
      expect(after).toBeTypeOf('string');
      url = `/core/projects?page[limit]=10&page[after]=${after}`;
    }
    expect(await plansOf(admin, url)).toEqual([]);
  });

  it('lists analyses with their project from an index', async () => {
    expect(await plansOf(admin, '/core/analyses?include=project&page[limit]=10')).toEqual([]);
    expect(await plansOf(researcher, '/core/analyses?include=project&page[limit]=10')).toEqual([]);
  });

  it('lists users from an index', async () => {
    expect(await plansOf(admin, '/auth/users?page[limit]=10')).toEqual([]);
    expect(await plansOf(researcher, '/auth/users?page[limit]=10')).toEqual([]);
  });
});
