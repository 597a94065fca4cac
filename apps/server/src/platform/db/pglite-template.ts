import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, cp } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../../server-root.ts';
import { pglitePackage } from './pglite-package.ts';

/** The file whose presence makes a directory a PostgreSQL data directory (PostgreSQL and PGlite check it). */
const VERSION_FILE = 'PG_VERSION';

/** What a template depends on: the PGlite version (a template only fits the PGlite that wrote it) and the migrations. */
function templateKey(migrationsDir: string): string {
  const hash = createHash('sha256').update(pglitePackage().version);
  for (const name of readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The embedded database's template: a data directory that initdb has initialised and every committed
 * migration has been applied to, written by the build (`npm run build`,
 * apps/server/scripts/write-pglite-template.ts). Without it a first start runs initdb (a second
 * PostgreSQL instance beside the first) and then every migration, whose burst of WebAssembly
 * compilation took the process to 0.9-1.3 GB; a data directory copied from the template starts like
 * an existing one (docs/architecture.md, "Memory").
 */
export function pgliteTemplateDir(migrationsDir: string): string {
  return path.join(SERVER_ROOT, 'dist', `pglite-template-${templateKey(migrationsDir)}`);
}

/** Whether `dataDir` holds a database already (a data directory counts once its version file is there). */
export function isPgliteDataDir(dataDir: string): boolean {
  return existsSync(path.join(dataDir, VERSION_FILE));
}

/**
 * Copies the template into a new data directory, file by file on disk: no copy of the database passes
 * through the server's memory (unpacking a tarball through PGlite held about 90 MB of buffers until
 * the next collection). The version file comes last, so a copy cut short is not taken for a database:
 * the next start copies again. Returns false when there is no template (PGlite then runs initdb).
 */
export async function copyPgliteTemplate(templateDir: string, dataDir: string): Promise<boolean> {
  if (!isPgliteDataDir(templateDir)) return false;
  await cp(templateDir, dataDir, {
    recursive: true,
    force: true,
    filter: (source) => source !== path.join(templateDir, VERSION_FILE),
  });
  await copyFile(path.join(templateDir, VERSION_FILE), path.join(dataDir, VERSION_FILE));
  return true;
}
