import {
  MasterImageCommandSchema,
  MasterImageSyncSummarySchema,
  PlatformPermissionName as P,
} from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/index.ts';
import type { EntityEvent } from '../../../platform/events/domain-events.ts';
import { requestContext, type ResourceAccess } from '../../../platform/http/resource/index.ts';
import { synchronizeMasterImages } from './catalog/synchronize.ts';

export interface MasterImageCommandOptions {
  db: Database;
  access: ResourceAccess;
  publish(event: EntityEvent): void;
  /** MASTER_IMAGES_SOURCE: a catalog directory or git repository. */
  catalogSource: string;
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
        response: { 202: MasterImageSyncSummarySchema },
      },
    },
    async (request, reply) => {
      await options.access.preCheck(request, [P.MASTER_IMAGE_MANAGE]);
      const summary = await synchronizeMasterImages({
        db: options.db,
        source: options.catalogSource,
        // The changes carry who asked for the sync, like every other write (audit trail).
        publish: (event) => options.publish({ ...event, ...requestContext(request) }),
      });
      return reply.status(202).send(summary);
    },
  );
}
