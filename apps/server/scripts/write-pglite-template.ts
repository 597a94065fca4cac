/**
 * Writes the embedded database's template (src/platform/db/pglite-template.ts): a data directory
 * that initdb and every committed migration have run on, unless one for the installed PGlite and
 * these migrations exists. `npm run build` runs it through `ensurePgliteTemplate()`, in a process of
 * its own whose WebAssembly is compiled by the baseline compiler only, so even this one-off stays
 * well below the 1.2 GB a first start used to reach (docs/architecture.md, "Memory").
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/platform/db/database.ts';
import { pgliteTemplateDir } from '../src/platform/db/pglite-template.ts';

/** Runs initdb and the migrations in a new data directory, closes it cleanly and moves it to `dir`. */
export async function writePgliteTemplate(
  dir: string,
  migrationsDir: string = MIGRATIONS_DIR,
): Promise<string> {
  await mkdir(path.dirname(dir), { recursive: true });
  // Written under another name and renamed, so a starting server never copies half a template.
  const partial = `${dir}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  const client = await PGlite.create(partial);
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  } finally {
    await client.close();
  }
  try {
    await rename(partial, dir);
  } catch (error) {
    // Another build wrote the same template meanwhile: keep the one in place.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/** Writes the template in a process of its own when it is missing; returns its path. */
export async function ensurePgliteTemplate(): Promise<string> {
  const dir = pgliteTemplateDir(MIGRATIONS_DIR);
  if (existsSync(dir)) return dir;
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--liftoff-only', '--import', 'tsx', import.meta.filename], {
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`writing the embedded database's template failed (exit code ${code})`);
  return dir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await writePgliteTemplate(pgliteTemplateDir(MIGRATIONS_DIR));
}
