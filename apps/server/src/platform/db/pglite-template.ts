import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_ROOT } from '../../server-root.ts';

/** The installed PGlite's version: a template only fits the PGlite that wrote it. */
function pgliteVersion(): string {
  let directory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(directory, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        version: string;
      };
      if (name === '@electric-sql/pglite') return version;
    }
    if (path.dirname(directory) === directory) throw new Error('the PGlite package.json was not found');
    directory = path.dirname(directory);
  }
}

/** What a template depends on: the PGlite version and the migrations applied to it. */
function templateKey(migrationsDir: string): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const name of readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The file of the embedded database's template: a data directory that initdb has initialised and
 * every committed migration has been applied to, as a gzipped tarball, written by the build
 * (`npm run build`, apps/server/scripts/write-pglite-template.ts). Without it a first start runs
 * initdb (a second PostgreSQL instance beside the first) and then every migration, whose burst of
 * WebAssembly compilation took the process to 0.9-1.3 GB; a data directory unpacked from the
 * template starts like an existing one (docs/architecture.md, "Memory"). The result is the same:
 * PGlite itself initialises a directory by running initdb in memory and unpacking a dump of that.
 */
export function pgliteTemplateFile(migrationsDir: string): string {
  return path.join(SERVER_ROOT, 'dist', `pglite-template-${templateKey(migrationsDir)}.tar.gz`);
}

/** The template for a new data directory, or undefined when the build has not written it. */
export async function readPgliteTemplate(file: string): Promise<Blob | undefined> {
  if (!existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}
