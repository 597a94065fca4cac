import { eq, inArray } from 'drizzle-orm';
import { CoreEntityType } from '@federa/schemas';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { masterImageGroups, masterImages } from '../../db/index.ts';
import type { Catalog, CatalogGroup, CatalogImage } from './scan.ts';

export interface SyncCounts {
  created: number;
  updated: number;
  deleted: number;
}
export interface SyncSummary {
  groups: SyncCounts;
  images: SyncCounts;
}

type Change = Pick<EntityEvent, 'type' | 'event' | 'data'>;

/**
 * Makes the stored groups and images equal to the catalog, matched by virtual path: new entries are
 * created, changed ones updated, absent ones deleted (projects and analyses keep running with their
 * master image reference cleared). Every change is announced through the outbox with the commit
 * (docs/decisions/0100-transactional-outbox.md), carrying `cause` (who asked for the sync).
 */
export async function applyCatalog(
  outbox: EventOutbox,
  catalog: Catalog,
  cause: Pick<EntityEvent, 'actor' | 'request'> = {},
): Promise<SyncSummary> {
  const changes: Change[] = [];
  const summary: SyncSummary = {
    groups: { created: 0, updated: 0, deleted: 0 },
    images: { created: 0, updated: 0, deleted: 0 },
  };
  await outbox.transaction(async (tx, emit) => {
    const groups = await tx.select().from(masterImageGroups);
    const storedGroups = new Map(groups.map((group) => [group.virtual_path, group]));
    for (const group of catalog.groups) {
      const stored = storedGroups.get(group.virtual_path);
      storedGroups.delete(group.virtual_path);
      if (!stored) {
        const [row] = await tx.insert(masterImageGroups).values(group).returning();
        changes.push({ type: CoreEntityType.MASTER_IMAGE_GROUP, event: 'created', data: row! });
        summary.groups.created += 1;
      } else if (groupChanged(stored, group)) {
        const [row] = await tx
          .update(masterImageGroups)
          .set({ name: group.name, path: group.path })
          .where(eq(masterImageGroups.id, stored.id))
          .returning();
        changes.push({ type: CoreEntityType.MASTER_IMAGE_GROUP, event: 'updated', data: row! });
        summary.groups.updated += 1;
      }
    }

    const images = await tx.select().from(masterImages);
    const storedImages = new Map(images.map((image) => [image.virtual_path, image]));
    for (const image of catalog.images) {
      const stored = storedImages.get(image.virtual_path);
      storedImages.delete(image.virtual_path);
      if (!stored) {
        const [row] = await tx.insert(masterImages).values(image).returning();
        changes.push({ type: CoreEntityType.MASTER_IMAGE, event: 'created', data: row! });
        summary.images.created += 1;
      } else if (imageChanged(stored, image)) {
        const [row] = await tx
          .update(masterImages)
          .set({
            name: image.name,
            path: image.path,
            group_virtual_path: image.group_virtual_path,
            command: image.command,
            command_arguments: image.command_arguments,
          })
          .where(eq(masterImages.id, stored.id))
          .returning();
        changes.push({ type: CoreEntityType.MASTER_IMAGE, event: 'updated', data: row! });
        summary.images.updated += 1;
      }
    }

    const absentImages = [...storedImages.values()].map((image) => image.id);
    if (absentImages.length > 0) {
      const rows = await tx.delete(masterImages).where(inArray(masterImages.id, absentImages)).returning();
      for (const row of rows)
        changes.push({ type: CoreEntityType.MASTER_IMAGE, event: 'deleted', data: row });
      summary.images.deleted = rows.length;
    }
    const absentGroups = [...storedGroups.values()].map((group) => group.id);
    if (absentGroups.length > 0) {
      const rows = await tx
        .delete(masterImageGroups)
        .where(inArray(masterImageGroups.id, absentGroups))
        .returning();
      for (const row of rows) {
        changes.push({ type: CoreEntityType.MASTER_IMAGE_GROUP, event: 'deleted', data: row });
      }
      summary.groups.deleted = rows.length;
    }
    // Master images are global records: only the master realm's namespace sees them.
    for (const change of changes) emit({ ...change, realmIds: [], ...cause });
  });
  return summary;
}

function groupChanged(stored: { name: string; path: string }, group: CatalogGroup): boolean {
  return stored.name !== group.name || stored.path !== group.path;
}

function imageChanged(
  stored: {
    name: string;
    path: string | null;
    group_virtual_path: string;
    command: string | null;
    command_arguments: unknown;
  },
  image: CatalogImage,
): boolean {
  return (
    stored.name !== image.name ||
    stored.path !== image.path ||
    stored.group_virtual_path !== image.group_virtual_path ||
    stored.command !== image.command ||
    JSON.stringify(stored.command_arguments ?? null) !== JSON.stringify(image.command_arguments)
  );
}
