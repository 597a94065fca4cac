import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGE_NAME = '@federa/server';

/**
 * The server package's directory (`apps/server`), found by walking up from this module to the
 * package.json that names the server. The same answer whether the server runs from its sources
 * (`src/`) or from the bundle `npm start` builds (`dist/server.mjs`, docs/architecture.md), so the
 * files shipped beside the code (migrations, the master-image catalog, the built web app) are found
 * from either.
 */
function findServerRoot(from: string): string {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const manifest = path.join(directory, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME
    ) {
      return directory;
    }
    if (path.dirname(directory) === directory) {
      throw new Error(`the ${PACKAGE_NAME} package.json was not found above ${from}`);
    }
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);

/** The server's version, as its package.json states it. */
export const SERVER_VERSION = (
  JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
