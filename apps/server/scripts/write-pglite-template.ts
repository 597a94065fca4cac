/**
 * Writes the embedded database's template (src/platform/db/pglite-template.ts): initdb and every
 * committed migration, run once in memory and dumped, unless a template for the installed PGlite
 * and these migrations exists. `npm run build` runs it through `ensurePgliteTemplate()`, in a
 * process of its own whose WebAssembly is compiled by the baseline compiler only, so even this
 * one-off stays well below the 1.2 GB a first start used to reach (docs/architecture.md, "Memory").
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/platform/db/database.ts';
import { pgliteTemplateFile } from '../src/platform/db/pglite-template.ts';

/** Runs initdb and the migrations in memory and writes the dump to `file`. */
export async function writePgliteTemplate(
  file: string,
  migrationsDir: string = MIGRATIONS_DIR,
): Promise<string> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    const dump = await client.dumpDataDir('gzip');
    await mkdir(path.dirname(file), { recursive: true });
    // Written under another name and renamed, so a starting server never reads half a template.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return file;
  } finally {
    await client.close();
  }
}

/** Writes the template in a process of its own when it is missing; returns its path. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteTemplateFile(MIGRATIONS_DIR);
  if (existsSync(file)) return file;
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--liftoff-only', '--import', 'tsx', import.meta.filename], {
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`writing the embedded database's template failed (exit code ${code})`);
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await writePgliteTemplate(pgliteTemplateFile(MIGRATIONS_DIR));
}
