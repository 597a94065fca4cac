import { copyImage, OciClient } from '@federa/oci';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import { PermanentJobError } from '#platform/jobs/worker.ts';
import { currentRegistryTimeout, masterImageRepository, registryClient } from '../builds/registry-client.ts';
import { masterImages, registries } from '../db/index.ts';

/** The registry job that copies the master images into a registry's `master` project. */
export const MIRROR_COMMAND = 'mirrorMasterImages';

/** `https://host[:port][/prefix]`: the upstream registry and the repository prefix its images live under. */
export function parseUpstream(upstream: string): { url: string; prefix: string } {
  const url = new URL(/^https?:\/\//i.test(upstream) ? upstream : `https://${upstream}`);
  return { url: url.origin, prefix: url.pathname.replace(/^\/+|\/+$/g, '') };
}

export interface MirrorOutcome {
  copied: string[];
  failed: { virtual_path: string; error: string }[];
  bytesSent: number;
}

/**
 * Copies `<upstream>/<virtual path>:latest` (linux/amd64) to `<registry>/master/<virtual path>:latest`
 * for every master image, blob by blob as streams (no daemon). One image failing does not stop the
 * others; the job fails afterwards naming them, so the operator sees which.
 */
export async function mirrorMasterImages(
  db: Database,
  registryId: string,
  upstream: string,
): Promise<MirrorOutcome> {
  const [registry] = await db.select().from(registries).where(eq(registries.id, registryId));
  if (!registry) throw new PermanentJobError('The registry does not exist any more.');
  const source = parseUpstream(upstream);
  const upstreamClient = new OciClient({ url: source.url, timeoutMs: currentRegistryTimeout() });
  const target = registryClient(registry);
  const outcome: MirrorOutcome = { copied: [], failed: [], bytesSent: 0 };
  const images = await db.select().from(masterImages).orderBy(asc(masterImages.virtual_path));
  for (const image of images) {
    const path = image.virtual_path.replace(/^\/+/, '');
    try {
      const result = await copyImage(
        {
          client: upstreamClient,
          repository: source.prefix ? `${source.prefix}/${path}` : path,
          reference: 'latest',
        },
        { client: target, repository: masterImageRepository(path), tag: 'latest' },
      );
      outcome.copied.push(path);
      outcome.bytesSent += result.bytesSent;
    } catch (error) {
      outcome.failed.push({ virtual_path: path, error: (error as Error).message });
    }
  }
  return outcome;
}

/** Whether each master image is in the registry's `master` project (and with which digest). */
export async function masterImagePresence(db: Database, registryId: string) {
  const [registry] = await db.select().from(registries).where(eq(registries.id, registryId));
  if (!registry) return undefined;
  const client = registryClient(registry);
  const images = await db.select().from(masterImages).orderBy(asc(masterImages.virtual_path));
  const result = [];
  for (const image of images) {
    const repository = masterImageRepository(image.virtual_path);
    try {
      const head = await client.headManifest(repository, 'latest');
      result.push({
        id: image.id,
        virtual_path: image.virtual_path,
        present: !!head,
        digest: head?.digest ?? null,
        error: null,
      });
    } catch (error) {
      result.push({
        id: image.id,
        virtual_path: image.virtual_path,
        present: false,
        digest: null,
        error: (error as Error).message,
      });
    }
  }
  return { registry_id: registry.id, image: `${client.host}/master/<virtual path>:latest`, data: result };
}
