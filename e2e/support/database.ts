import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ExternalDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * When DATABASE_URL is set, gives a server under test its own fresh PostgreSQL database; otherwise
 * returns undefined and the server uses its embedded database in its data directory.
 */
export async function createExternalDatabase(): Promise<ExternalDatabase | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const name = `federa_e2e_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // The name is made of hex digits only, so it is safe inside the statement.
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
