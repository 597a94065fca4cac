import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CatalogError } from './scan.ts';

const run = promisify(execFile);

/** A catalog directory ready to scan, and how to clean up after it. */
export interface CatalogCheckout {
  root: string;
  release(): Promise<void>;
}

/** URLs (`https://`, `ssh://`, `file://`, `git@host:...`) and `*.git` paths are repositories to clone. */
export function isGitSource(source: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || /^[^/\s]+@[^:\s]+:/.test(source) || source.endsWith('.git')
  );
}

/**
 * Makes the configured catalog source readable: a directory is used in place, a git repository is
 * cloned (`--depth 1`) into a temporary directory that `release` removes. A `data/` directory at the
 * top, as in PrivateAIM/master-images, is the catalog's root.
 */
export async function checkoutCatalog(source: string): Promise<CatalogCheckout> {
  if (!isGitSource(source)) {
    if (!(await isDirectory(source))) {
      throw new CatalogError(`The master image catalog directory ${source} does not exist.`);
    }
    return { root: await catalogRoot(source), release: async () => undefined };
  }
  const target = await mkdtemp(path.join(os.tmpdir(), 'federa-master-images-'));
  const release = () => rm(target, { recursive: true, force: true });
  try {
    // `--` keeps a source beginning with "-" from being read as an option.
    // Without a terminal git cannot ask for credentials; the timeout bounds a hanging remote.
    await run('git', ['clone', '--depth', '1', '--quiet', '--', source, target], { timeout: 120_000 });
  } catch {
    await release();
    throw new CatalogError('The master image catalog repository could not be cloned.');
  }
  return { root: await catalogRoot(target), release };
}

async function catalogRoot(directory: string): Promise<string> {
  const data = path.join(directory, 'data');
  return (await isDirectory(data)) ? data : directory;
}

async function isDirectory(location: string): Promise<boolean> {
  try {
    return (await stat(location)).isDirectory();
  } catch {
    return false;
  }
}
