import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadItem } from '../hub/hub-api.ts';

/** Every regular file under `dir`, as upload items named `prefix` + its relative path (posix). */
export async function outputFiles(dir: string, prefix = ''): Promise<UploadItem[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const items: UploadItem[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full).split(path.sep).join('/');
    items.push({ path: `${prefix}${relative}`, content: new Blob([await readFile(full)]) });
  }
  return items.sort((a, b) => a.path.localeCompare(b.path));
}
