import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { MasterImageCommandArgument } from '@federa/schemas';

export interface CatalogGroup {
  name: string;
  path: string;
  virtual_path: string;
}

export interface CatalogImage {
  name: string;
  path: string;
  virtual_path: string;
  group_virtual_path: string;
  command: string;
  command_arguments: MasterImageCommandArgument[] | null;
}

export interface Catalog {
  groups: CatalogGroup[];
  images: CatalogImage[];
}

/** A refused catalog: the sync changes nothing and reports where the problem is. */
export class CatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogError';
  }
}

const commandArgument = z.union([
  z
    .string()
    .min(2)
    .max(512)
    .transform((value) => ({ value })),
  z.object({ value: z.string().min(2).max(512), position: z.enum(['before', 'after']).nullish() }),
]);
/** What a meta file may carry (`image-group.json`, `image.json`); unknown keys (e.g. `id`) are ignored. */
const metaSchema = z.object({
  name: z.string().min(1).max(128).optional(),
  command: z.string().min(3).max(256).optional(),
  commandArguments: z.array(commandArgument).max(100).optional(),
});
type Attributes = Pick<z.infer<typeof metaSchema>, 'command' | 'commandArguments'>;

const GROUP_FILE = 'image-group.json';
const IMAGE_FILE = 'image.json';
const DOCKERFILE = 'Dockerfile';

/**
 * Reads a catalog laid out like PrivateAIM/master-images (docs/decisions/0014): a directory with
 * `image-group.json` is a group, one with `image.json` or a `Dockerfile` is an image, other
 * directories are transparent. `path` joins every directory, `virtual_path` only the group and image
 * directories; images inherit `command` and `commandArguments` from the groups above them.
 */
export async function scanCatalog(root: string): Promise<Catalog> {
  const catalog: Catalog = { groups: [], images: [] };
  await scanDirectory(root, [], [], {}, catalog);
  return catalog;
}

async function scanDirectory(
  directory: string,
  pathSegments: string[],
  virtualSegments: string[],
  inherited: Attributes,
  catalog: Catalog,
): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true });
  const children = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  for (const name of children) {
    const childDirectory = path.join(directory, name);
    const childPath = [...pathSegments, name];
    const relative = childPath.join('/');
    const groupMeta = await readMeta(childDirectory, GROUP_FILE, relative);
    if (groupMeta) {
      const virtual = [...virtualSegments, name];
      catalog.groups.push({
        name: groupMeta.name ?? name,
        path: relative,
        virtual_path: virtual.join('/'),
      });
      await scanDirectory(childDirectory, childPath, virtual, merge(inherited, groupMeta), catalog);
      continue;
    }
    const imageMeta = await readMeta(childDirectory, IMAGE_FILE, relative);
    if (imageMeta || (await isFile(path.join(childDirectory, DOCKERFILE)))) {
      catalog.images.push(
        toImage(name, relative, virtualSegments, merge(inherited, imageMeta ?? {}), imageMeta),
      );
      continue;
    }
    await scanDirectory(childDirectory, childPath, virtualSegments, inherited, catalog);
  }
}

function toImage(
  name: string,
  relative: string,
  virtualSegments: string[],
  attributes: Attributes,
  own: z.infer<typeof metaSchema> | undefined,
): CatalogImage {
  if (!attributes.command) {
    throw new CatalogError(`The master image ${relative} has no command (set it in image.json or a group).`);
  }
  return {
    name: own?.name ?? name,
    path: relative,
    virtual_path: [...virtualSegments, name].join('/'),
    group_virtual_path: virtualSegments.join('/'),
    command: attributes.command,
    command_arguments: attributes.commandArguments ?? null,
  };
}

/** The parent's attributes overridden by the child's own (`{...parent, ...own}`). */
function merge(parent: Attributes, own: Attributes): Attributes {
  const merged: Attributes = { ...parent };
  if (own.command !== undefined) merged.command = own.command;
  if (own.commandArguments !== undefined) merged.commandArguments = own.commandArguments;
  return merged;
}

async function readMeta(directory: string, file: string, relative: string) {
  const location = path.join(directory, file);
  if (!(await isFile(location))) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(location, 'utf8'));
  } catch {
    throw new CatalogError(`The file ${relative}/${file} is not valid JSON.`);
  }
  const result = metaSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new CatalogError(
      `The file ${relative}/${file} is invalid: ${issue.path.join('.') || 'value'} ${issue.message}`,
    );
  }
  return result.data;
}

async function isFile(location: string): Promise<boolean> {
  try {
    return (await stat(location)).isFile();
  } catch {
    return false;
  }
}
