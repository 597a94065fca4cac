import { MasterImagePresenceSchema, PlatformPermissionName as P } from '@federa/schemas';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import type { ResourceAccess } from '#platform/http/resource/index.ts';
import { registries } from '../db/index.ts';
import { masterImagePresence } from './mirror.ts';

const Query = z.object({ registry_id: z.uuid('The value must be a valid id.').optional() });

/**
 * `GET /master-images/presence?registry_id=…`: for every master image, whether the registry's
 * `master` project holds `<virtual path>:latest` (what builds start from), and its digest.
 */
export function masterImagePresenceRoute(
  app: FastifyInstance,
  options: { db: Database; access: ResourceAccess },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/master-images/presence',
    {
      schema: {
        tags: ['master-images'],
        summary: 'Which master images the registry holds',
        querystring: Query,
        response: { 200: MasterImagePresenceSchema },
      },
    },
    async (request) => {
      await options.access.preCheck(request, [P.MASTER_IMAGE_MANAGE]);
      const registryId =
        request.query.registry_id ??
        (
          await options.db
            .select({ id: registries.id })
            .from(registries)
            .orderBy(asc(registries.created_at))
            .limit(1)
        )[0]?.id;
      const presence = registryId ? await masterImagePresence(options.db, registryId) : undefined;
      if (!presence) throw badRequest('The registry does not exist.');
      return presence;
    },
  );
}
