import {
  MasterImageCommandSchema,
  MasterImageSyncSummarySchema,
  PlatformPermissionName as P,
  ServiceID,
} from '@federa/schemas';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#platform/db/index.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { requestContext, type ResourceAccess } from '#platform/http/resource/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import type { Jobs } from '../builds/jobs.ts';
import { registries, serviceTasks } from '../db/index.ts';
import { synchronizeMasterImages } from './catalog/synchronize.ts';
import { MIRROR_COMMAND } from './mirror.ts';

/** The answer to `mirror`: the job that copies the images. */
const MirrorQueuedSchema = z.object({ job_id: z.string(), registry_id: z.string(), status: z.string() });

export interface MasterImageCommandOptions {
  db: Database;
  access: ResourceAccess;
  outbox: EventOutbox;
  /** MASTER_IMAGES_SOURCE: a catalog directory or git repository. */
  catalogSource: string;
  /** MASTER_IMAGES_UPSTREAM: where `mirror` copies images from. */
  upstream: string | undefined;
  jobs: Jobs;
}

/** Queues the mirror job for a registry (the named one, or the first); answers the job. */
async function queueMirror(options: MasterImageCommandOptions, registryId: string | undefined) {
  if (!options.upstream) {
    throw badRequest(
      'No upstream registry is configured to mirror master images from (MASTER_IMAGES_UPSTREAM).',
    );
  }
  const [registry] = registryId
    ? await options.db.select({ id: registries.id }).from(registries).where(eq(registries.id, registryId))
    : await options.db
        .select({ id: registries.id })
        .from(registries)
        .orderBy(asc(registries.created_at), asc(registries.id))
        .limit(1);
  if (!registry) throw badRequest('No registry is registered.');
  const [job] = await options.db
    .insert(serviceTasks)
    .values({ service: ServiceID.REGISTRY, command: MIRROR_COMMAND, target_id: registry.id, payload: {} })
    .returning();
  options.jobs.nudge();
  return { job_id: job!.id, registry_id: registry.id, status: job!.status };
}

/**
 * `POST master-images/command {command: 'sync'}`: synchronizes the catalog now and answers 202 with
 * how many groups and images were created, updated and deleted. Needs master_image_manage (the
 * original only required a sign-in, docs/decisions/0012).
 */
export function masterImageCommandRoutes(app: FastifyInstance, options: MasterImageCommandOptions): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/master-images/command',
    {
      schema: {
        tags: ['master-images'],
        summary: 'Run a master image command (sync: read the catalog)',
        body: MasterImageCommandSchema,
        response: { 202: z.union([MasterImageSyncSummarySchema, MirrorQueuedSchema]) },
      },
    },
    async (request, reply) => {
      await options.access.preCheck(request, [P.MASTER_IMAGE_MANAGE]);
      if (request.body.command === 'mirror') {
        return reply.status(202).send(await queueMirror(options, request.body.registry_id));
      }
      const summary = await synchronizeMasterImages({
        db: options.db,
        outbox: options.outbox,
        source: options.catalogSource,
        // The changes carry who asked for the sync, like every other write (audit trail).
        cause: requestContext(request),
      });
      return reply.status(202).send(summary);
    },
  );
}
