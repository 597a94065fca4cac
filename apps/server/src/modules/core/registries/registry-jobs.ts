import { CoreEntityType, NodeTaskName, RegistryProjectType } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { withTransaction, type Executor } from '../../../platform/db/index.ts';
import type { JobRow } from '../../../platform/jobs/job-queue.ts';
import { PermanentJobError, type JobContext, type JobHandler } from '../../../platform/jobs/worker.ts';
import type { BuildContext } from '../builds/build-context.ts';
import { registries, registryProjects } from '../db/index.ts';
import { generateExternalName, queueRegistryCommand } from './node-project.ts';
import { RegistryKind } from './registry-kinds.ts';

type RegistryProjectRow = typeof registryProjects.$inferSelect;

/** The projects every registry has: incoming and outgoing (generated names) and the public `master`. */
const STANDARD_PROJECTS = [
  { type: RegistryProjectType.INCOMING, name: 'incoming', externalName: undefined, public: false },
  { type: RegistryProjectType.OUTGOING, name: 'outgoing', externalName: undefined, public: false },
  { type: RegistryProjectType.MASTER_IMAGES, name: 'master', externalName: 'master', public: true },
] as const;

/**
 * The registry service's commands as jobs: `setup` makes sure the standard projects exist and links
 * every project of the registry; `projectLink` and `projectUnlink` bring one project to the registry
 * or take it away. For an `oci` registry a project is a repository prefix that exists once pushed
 * to, and its credentials are the registry's; a `harbor` registry is managed through Harbor's API.
 */
export function registryJobHandler(context: BuildContext): JobHandler {
  return {
    async run(job: JobRow, jobContext: JobContext) {
      const command = job.command as string;
      const targetId = job.target_id as string;
      switch (command) {
        case NodeTaskName.SETUP:
          await setup(context, targetId);
          break;
        case NodeTaskName.PROJECT_LINK:
          await link(context, targetId);
          break;
        case NodeTaskName.PROJECT_UNLINK:
          await unlink(context, targetId);
          break;
        case NodeTaskName.CLEANUP:
        case NodeTaskName.DELETE:
          await requireKind(context.db, { registryId: targetId });
          break;
        default:
          throw new PermanentJobError(`The registry command ${command} is unknown.`);
      }
      await jobContext.queue.complete(job.id);
    },
  };
}

async function requireKind(
  db: Executor,
  target: { registryId: string },
): Promise<typeof registries.$inferSelect> {
  const [registry] = await db.select().from(registries).where(eq(registries.id, target.registryId));
  if (!registry) throw new PermanentJobError('The registry does not exist any more.');
  if (registry.kind === RegistryKind.HARBOR) {
    throw new PermanentJobError(
      'Managing Harbor projects, robot accounts and webhooks is not available yet; use a registry of kind oci.',
    );
  }
  return registry;
}

async function setup(context: BuildContext, registryId: string): Promise<void> {
  const created: RegistryProjectRow[] = [];
  await withTransaction(context.db, async (tx) => {
    const [registry] = await tx.select().from(registries).where(eq(registries.id, registryId)).for('update');
    if (!registry) throw new PermanentJobError('The registry does not exist any more.');
    const existing = await tx
      .select()
      .from(registryProjects)
      .where(eq(registryProjects.registry_id, registryId));
    for (const standard of STANDARD_PROJECTS) {
      if (existing.some((project) => project.type === standard.type)) continue;
      const [row] = await tx
        .insert(registryProjects)
        .values({
          name: standard.name,
          type: standard.type,
          external_name: standard.externalName ?? generateExternalName(),
          public: standard.public,
          registry_id: registryId,
        })
        .onConflictDoNothing()
        .returning();
      if (row) created.push(row);
    }
    const projects = await tx
      .select({ id: registryProjects.id })
      .from(registryProjects)
      .where(eq(registryProjects.registry_id, registryId));
    for (const project of projects) await queueRegistryCommand(tx, NodeTaskName.PROJECT_LINK, project.id);
  });
  for (const { account_secret: _secret, ...data } of created) {
    context.publish({ type: CoreEntityType.REGISTRY_PROJECT, event: 'created', data, realmIds: [] });
  }
}

async function link(context: BuildContext, projectId: string): Promise<void> {
  const [project] = await context.db
    .select()
    .from(registryProjects)
    .where(eq(registryProjects.id, projectId));
  if (!project) return; // Deleted since: nothing to link.
  const registry = await requireKind(context.db, { registryId: project.registry_id });
  // An OCI registry has no projects of its own: the prefix exists once pushed to, and whoever
  // pulls from it uses the registry's credentials.
  await updateProject(context, project, {
    external_id: project.external_name,
    account_name: registry.account_name,
    account_secret: registry.account_secret,
  });
}

async function unlink(context: BuildContext, projectId: string): Promise<void> {
  const [project] = await context.db
    .select()
    .from(registryProjects)
    .where(eq(registryProjects.id, projectId));
  if (!project) return;
  await requireKind(context.db, { registryId: project.registry_id });
  await updateProject(context, project, {
    external_id: null,
    account_id: null,
    account_name: null,
    account_secret: null,
    webhook_name: null,
    webhook_exists: false,
  });
}

async function updateProject(
  context: BuildContext,
  previous: RegistryProjectRow,
  values: Partial<RegistryProjectRow>,
): Promise<void> {
  const [updated] = await context.db
    .update(registryProjects)
    .set(values)
    .where(eq(registryProjects.id, previous.id))
    .returning();
  if (!updated) return;
  const { account_secret: _secret, ...data } = updated;
  const { account_secret: _previousSecret, ...before } = previous;
  context.publish({
    type: CoreEntityType.REGISTRY_PROJECT,
    event: 'updated',
    data,
    realmIds: updated.realm_id ? [updated.realm_id] : [],
    previous: before,
  });
}
