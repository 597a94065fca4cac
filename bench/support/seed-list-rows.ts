import type pg from 'pg';

/**
 * Fills the three big lists straight in the database, as a grown deployment would have them: `rows`
 * projects of the master realm (one second apart), an analysis per project and `rows` users, then
 * VACUUM and ANALYZE (what autovacuum would do soon, done before a measurement can meet it). For the profiling benches (`cpu-per-request.ts`,
 * `profile.ts`); `lists.bench.ts` grows its tables step by step instead.
 */
export async function seedListRows(client: pg.Client, rows: number): Promise<void> {
  const realm = await client.query<{ id: string }>(`SELECT id FROM auth_realms WHERE name = 'master'`);
  const realmId = realm.rows[0]!.id;
  await client.query(
    `INSERT INTO projects (name, realm_id, created_at)
     SELECT 'bench-project-' || g, $1, now() - g * interval '1 second' FROM generate_series(1, $2::int) g`,
    [realmId, rows],
  );
  await client.query(
    `INSERT INTO analyses (name, realm_id, project_id, created_at)
     SELECT 'bench-analysis-' || p.name, p.realm_id, p.id, p.created_at FROM projects p
     WHERE p.name LIKE 'bench-project-%'`,
  );
  await client.query(
    `INSERT INTO auth_users (name, realm_id, created_at)
     SELECT 'bench-user-' || g, $1, now() - g * interval '1 second' FROM generate_series(1, $2::int) g`,
    [realmId, rows],
  );
  await client.query('VACUUM (ANALYZE) projects, analyses, auth_users');
}
