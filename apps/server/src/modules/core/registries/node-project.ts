import { randomBytes } from 'node:crypto';
import { NodeTaskName, RegistryProjectType, ServiceID } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import type { Row } from '#platform/http/resource/index.ts';
import { nodes, registryProjects, serviceTasks } from '../db/index.ts';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A registry project name as the original generates it: 21 characters of [0-9a-z]. */
export function generateExternalName(): string {
  return [...randomBytes(21)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Queues a registry command (a job of the worker role) inside the caller's transaction. */
export async function queueRegistryCommand(db: Executor, command: string, targetId: string): Promise<void> {
  await db
    .insert(serviceTasks)
    .values({ service: ServiceID.REGISTRY, command, target_id: targetId, payload: {} });
}

/**
 * Gives a node with a registry its project there (inside the node's write transaction): the
 * project's name is the node's `external_name`, or a generated one written back onto the node; the
 * project row is created or reused and linked by a queued `projectLink`. `row` is updated in place
 * so the response shows the project.
 */
export async function ensureNodeProject(db: Executor, row: Row): Promise<void> {
  const registryId = row.registry_id as string | null;
  if (!registryId) return;
  const nodeId = row.id as string;
  const [current] = row.registry_project_id
    ? await db
        .select()
        .from(registryProjects)
        .where(eq(registryProjects.id, row.registry_project_id as string))
    : [];
  const externalName =
    (row.external_name as string | null) ??
    (current?.registry_id === registryId ? current.external_name : undefined) ??
    generateExternalName();

  let [project] = await db
    .select()
    .from(registryProjects)
    .where(
      and(eq(registryProjects.registry_id, registryId), eq(registryProjects.external_name, externalName)),
    );
  if (!project) {
    const name = row.name as string;
    const [taken] = await db
      .select({ id: registryProjects.id })
      .from(registryProjects)
      .where(and(eq(registryProjects.registry_id, registryId), eq(registryProjects.name, name)));
    // Node names are unique per realm only; the project name is unique per registry.
    const projectName = taken ? `${name} (${externalName})`.slice(0, 128) : name;
    [project] = await db
      .insert(registryProjects)
      .values({
        name: projectName,
        type: RegistryProjectType.NODE,
        external_name: externalName,
        public: false,
        registry_id: registryId,
        realm_id: row.realm_id as string,
      })
      .returning();
  }
  if (current && current.id !== project!.id) {
    // The node moved to another registry (or another name): its old project goes.
    await queueRegistryCommand(db, NodeTaskName.PROJECT_UNLINK, current.id);
  }
  if (row.external_name !== externalName || row.registry_project_id !== project!.id) {
    await db
      .update(nodes)
      .set({ external_name: externalName, registry_project_id: project!.id })
      .where(eq(nodes.id, nodeId));
    row.external_name = externalName;
    row.registry_project_id = project!.id;
  }
  await queueRegistryCommand(db, NodeTaskName.PROJECT_LINK, project!.id);
}
