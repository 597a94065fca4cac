import { CoreEntityType, NodeTaskName, RegistryProjectType } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { JobRow } from '#platform/jobs/job-queue.ts';
import { PermanentJobError, type JobContext, type JobHandler } from '#platform/jobs/worker.ts';
import type { BuildContext } from '../builds/build-context.ts';
import { registries, registryProjects } from '../db/index.ts';
import { generateExternalName, queueRegistryCommand } from './node-project.ts';
import { HarborError } from './harbor/harbor-client.ts';
import { cleanupHarborProjects, linkHarborProject, unlinkHarborProject } from './harbor/harbor-projects.ts';
import { MIRROR_COMMAND, mirrorMasterImages } from '../master-images/mirror.ts';
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
      try {
        await runCommand(context, job.command as string, job.target_id as string);
      } catch (error) {
        // Harbor refusing a request (credentials, a bad name) does the same on the next attempt:
        // the job fails at once, for the operator to fix and retry.
        if (
          error instanceof HarborError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429
        ) {
          throw new PermanentJobError(error.message);
        }
        throw error;
      }
      await jobContext.queue.complete(job.id);
    },
  };
}

async function runCommand(context: BuildContext, command: string, targetId: string): Promise<void> {
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
      await cleanup(context, targetId);
      break;
    case MIRROR_COMMAND: {
      const upstream = context.masterImagesUpstream;
      if (!upstream)
        throw new PermanentJobError('No upstream registry is configured (MASTER_IMAGES_UPSTREAM).');
      const outcome = await mirrorMasterImages(context.db, targetId, upstream);
      context.log.info({ registry: targetId, ...outcome }, 'mirrored master images');
      if (outcome.failed.length > 0) {
        throw new PermanentJobError(
          `Mirroring failed for ${outcome.failed.map((entry) => `${entry.virtual_path} (${entry.error})`).join(', ')}.`,
        );
      }
      break;
    }
    case NodeTaskName.DELETE:
      // As the original: nothing to do at the registry.
      await requireRegistry(context.db, targetId);
      break;
    default:
      throw new PermanentJobError(`The registry command ${command} is unknown.`);
  }
}

async function requireRegistry(db: Executor, registryId: string): Promise<typeof registries.$inferSelect> {
  const [registry] = await db.select().from(registries).where(eq(registries.id, registryId));
  if (!registry) throw new PermanentJobError('The registry does not exist any more.');
  return registry;
}

async function cleanup(context: BuildContext, registryId: string): Promise<void> {
  const registry = await requireRegistry(context.db, registryId);
  // An OCI registry has no projects to remove.
  if (registry.kind !== RegistryKind.HARBOR) return;
  const known = new Set(
    (await context.db.select({ name: registryProjects.external_name }).from(registryProjects)).map(
      (row) => row.name,
    ),
  );
  const removed = await cleanupHarborProjects(registry, known);
  if (removed.length > 0)
    context.log.info({ registry: registry.id, removed }, 'removed Harbor projects the hub does not know');
}

async function setup(context: BuildContext, registryId: string): Promise<void> {
  // The new projects are announced with their creation (docs/decisions/0100-transactional-outbox.md).
  await context.outbox.transaction(async (tx, emit) => {
    const [registry] = await tx.select().from(registries).where(eq(registries.id, registryId)).for('update');
    if (!registry) throw new PermanentJobError('The registry does not exist any more.');
    const existing = await tx
      .select()
      .from(registryProjects)
      .where(eq(registryProjects.registry_id, registryId));
    const created: RegistryProjectRow[] = [];
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
    for (const { account_secret: _secret, ...data } of created) {
      emit({ type: CoreEntityType.REGISTRY_PROJECT, event: 'created', data, realmIds: [] });
    }
  });
}

async function link(context: BuildContext, projectId: string): Promise<void> {
  const [project] = await context.db
    .select()
    .from(registryProjects)
    .where(eq(registryProjects.id, projectId));
  if (!project) return; // Deleted since: nothing to link.
  const registry = await requireRegistry(context.db, project.registry_id);
  if (registry.kind === RegistryKind.HARBOR) {
    await updateProject(context, project, await linkHarborProject(registry, project, context.webhook));
    return;
  }
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
  const registry = await requireRegistry(context.db, project.registry_id);
  if (registry.kind === RegistryKind.HARBOR && project.external_id) {
    await unlinkHarborProject(registry, project, (error) =>
      context.log.warn({ err: error, project: project.id }, 'the Harbor robot account could not be removed'),
    );
  }
  await updateProject(context, project, {
    external_id: null,
    account_id: null,
    account_name: null,
    account_secret: null,
    webhook_name: null,
    webhook_exists: false,
  });
}

/** Writes the project's registry-side state and announces it in the same transaction. */
async function updateProject(
  context: BuildContext,
  previous: RegistryProjectRow,
  values: Partial<RegistryProjectRow>,
): Promise<void> {
  await context.outbox.transaction(async (tx, emit) => {
    const [updated] = await tx
      .update(registryProjects)
      .set(values)
      .where(eq(registryProjects.id, previous.id))
      .returning();
    if (updated) emit(projectUpdated(previous, updated));
  });
}

function projectUpdated(previous: RegistryProjectRow, updated: RegistryProjectRow): EntityEvent {
  const { account_secret: _secret, ...data } = updated;
  const { account_secret: _previousSecret, ...before } = previous;
  return {
    type: CoreEntityType.REGISTRY_PROJECT,
    event: 'updated',
    data,
    realmIds: updated.realm_id ? [updated.realm_id] : [],
    previous: before,
  };
}
