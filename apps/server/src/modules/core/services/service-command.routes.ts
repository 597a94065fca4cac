import {
  NodeTaskName,
  PlatformPermissionName as P,
  RegistryServiceCommandSchema,
  NoContentSchema,
  SERVICE_IDS,
  ServiceID,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction, type Database } from '#platform/db/index.ts';
import { badRequest, notFound, validationFailed } from '#platform/http/errors.ts';
import type { ResourceAccess } from '#platform/http/resource/index.ts';
import type { Jobs } from '../builds/jobs.ts';
import { registries, registryProjects, serviceTasks } from '../db/index.ts';

const Params = z.object({ service: z.string().min(1).max(64) });
const PERMISSIONS = [P.REGISTRY_MANAGE, P.SERVICE_MANAGE];
/** Commands about a registry project; the others are about a registry. */
const PROJECT_COMMANDS: readonly string[] = [NodeTaskName.PROJECT_LINK, NodeTaskName.PROJECT_UNLINK];

/**
 * `POST services/{service}/command {command, id, secret?}`. The registry service's commands (setup,
 * cleanup, delete of a registry; projectLink, projectUnlink of a registry project) are validated
 * and recorded as queued service tasks, jobs the worker role carries out (registries/registry-jobs.ts);
 * the answer is 202 with an empty body, as the original's. A link's secret is stored on the registry
 * project (write-only), never in the task. The `system` service takes no commands.
 */
export function serviceCommandRoutes(
  app: FastifyInstance,
  options: { db: Database; access: ResourceAccess; jobs: Jobs },
): void {
  const { db, access } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/services/:service/command',
    {
      schema: {
        tags: ['services'],
        summary: 'Run a service command',
        params: Params,
        response: { 202: NoContentSchema },
      },
    },
    async (request, reply) => {
      const { service } = request.params;
      if (!(SERVICE_IDS as readonly string[]).includes(service))
        throw notFound(`The service ${service} does not exist.`);
      await access.preCheck(request, PERMISSIONS);
      if (service !== ServiceID.REGISTRY) throw badRequest(`The service ${service} does not take commands.`);
      const parsed = RegistryServiceCommandSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw validationFailed(
          parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            code: issue.code,
            message: issue.message,
          })),
        );
      }
      const { command, id, secret } = parsed.data;
      const isProjectCommand = PROJECT_COMMANDS.includes(command);
      const [target] = isProjectCommand
        ? await db.select().from(registryProjects).where(eq(registryProjects.id, id))
        : await db.select().from(registries).where(eq(registries.id, id));
      if (!target) throw badRequest(`The registry${isProjectCommand ? ' project' : ''} does not exist.`);
      // Against the record: a registry belongs to no realm, so only the hub operator's realm passes
      // the realm match; a registry project may belong to a realm. (Checked before the transaction:
      // the check reads through its own connection.)
      await access.check(request, PERMISSIONS, target);
      await withTransaction(db, async (tx) => {
        if (command === NodeTaskName.PROJECT_LINK && secret) {
          await tx
            .update(registryProjects)
            .set({ account_secret: secret })
            .where(eq(registryProjects.id, id));
        }
        await tx.insert(serviceTasks).values({ service, command, target_id: id, payload: {} });
      });
      options.jobs.nudge();
      return reply.status(202).send(undefined);
    },
  );
}
