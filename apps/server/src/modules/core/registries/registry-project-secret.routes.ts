import { PlatformPermissionName as P } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../platform/http/errors.ts';
import { requestContext, type ResourceServices } from '../../../platform/http/resource/index.ts';
import type { TelemetryServices } from '../../telemetry/index.ts';
import { registryProjects } from '../db/index.ts';

const Params = z.object({ id: z.uuid('The value must be a valid id.') });
const SecretSchema = z.object({ account_secret: z.string().nullable() });

/**
 * `GET registry-projects/{id}/secret`: the robot secret of a registry project, which no other
 * answer carries (it is write-only in the resource). Only registry managers of the project's realm
 * may read it, on an explicit request of the administration screen, and every read is recorded as
 * an event (`secretRead`), so the audit trail shows who looked.
 */
export function registryProjectSecretRoutes(
  app: FastifyInstance,
  options: Pick<ResourceServices, 'db' | 'access'> & { telemetry: TelemetryServices },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/registry-projects/:id/secret',
    {
      schema: {
        tags: ['registry-projects'],
        summary: 'Reveal the robot secret of a registry project (registry_manage)',
        params: Params,
        response: { 200: SecretSchema },
      },
    },
    async (request, reply) => {
      await options.access.preCheck(request, [P.REGISTRY_MANAGE]);
      const [project] = await options.db
        .select()
        .from(registryProjects)
        .where(eq(registryProjects.id, request.params.id));
      if (!project) throw notFound('The registry project does not exist.');
      await options.access.check(request, [P.REGISTRY_MANAGE], project);
      const { actor, request: origin } = requestContext(request);
      await options.telemetry.recordEvent({
        name: 'secretRead',
        scope: 'access',
        ref_type: 'registryProject',
        ref_id: project.id,
        realm_id: project.realm_id,
        actor: actor && { ...actor, name: (await options.telemetry.actorName(actor)) ?? null },
        request: origin,
      });
      void reply.header('cache-control', 'no-store');
      return { account_secret: project.account_secret ?? null };
    },
  );
}
