import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../../server-root.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './pglite-settings.ts';
import { precompiledPglite } from './pglite-precompile.ts';
import { copyPgliteTemplate, isPgliteDataDir, pgliteTemplateDir } from './pglite-template.ts';

/** A Drizzle database, whichever driver is underneath (queries use the SQL-like API, not relational queries). */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      sharedBuffersMb?: number;
      /** A new data directory is copied from this template when it exists (default: the build's). */
      templateDir?: string;
    };

/** PGlite's own start parameters, with the buffer cache set. */
function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

/** Opens the database: PostgreSQL through a `pg` pool, or PGlite (in memory when no dataDir is given). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover, an administrator) emits 'error' on
    // the pool; unhandled, that would end the process. The pool discards the connection and the next
    // query opens a new one; queries in flight report their own errors.
    pool.on('error', () => undefined);
    const db = drizzlePostgres(pool) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }

  // Compiled by main.ts before the server loaded (pglite-precompile.ts); otherwise PGlite compiles it.
  const pgliteWasmModule = precompiledPglite();
  const settings = {
    startParams: pgliteStartParams(options.sharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB),
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
  };
  let client: PGlite;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    // A new data directory is copied from the build's template instead of running initdb.
    if (!isPgliteDataDir(options.dataDir)) {
      await copyPgliteTemplate(options.templateDir ?? pgliteTemplateDir(MIGRATIONS_DIR), options.dataDir);
    }
    client = await PGlite.create(options.dataDir, settings);
  } else {
    client = await PGlite.create(settings);
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** The database the configuration asks for: PostgreSQL when a URL is set, otherwise PGlite in the data dir. */
export function databaseOptionsFromConfig(config: {
  databaseUrl?: string;
  dataDir: string;
  embeddedDatabase?: { sharedBuffersMb: number };
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : {
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'db'),
        sharedBuffersMb: config.embeddedDatabase?.sharedBuffersMb,
      };
}
