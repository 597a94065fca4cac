import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The installed PGlite package: its directory and version. Only Node.js built-ins are imported. */
export interface PglitePackage {
  directory: string;
  version: string;
}

let found: PglitePackage | undefined;

/** Found by walking up from PGlite's entry module to the package.json that names it. */
export function pglitePackage(): PglitePackage {
  if (found) return found;
  let directory = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(directory, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        version: string;
      };
      if (name === '@electric-sql/pglite') return (found = { directory, version });
    }
    if (path.dirname(directory) === directory) throw new Error('the PGlite package.json was not found');
    directory = path.dirname(directory);
  }
}
