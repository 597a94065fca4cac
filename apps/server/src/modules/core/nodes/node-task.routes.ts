import { NodeTaskName, NodeTaskSchema, PlatformPermissionName as P } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/index.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { recordSchemaOf, type ResourceAccess } from '#platform/http/resource/index.ts';
import { nodes, nodeTasks } from '../db/index.ts';

const Params = z.object({ id: z.uuid('The value must be a valid id.') });
const ALLOWED = [P.NODE_UPDATE, P.REGISTRY_MANAGE];

/**
 * `POST nodes/{id}/task {task, secret?}`: asks for a registry task for the node (set up or clean up
 * its Harbor project, link or unlink it). The route validates the request against the node's state,
 * records it as a queued `node_tasks` row and answers 202 with that row.
 *
 * STUB: nothing carries the tasks out yet. The Harbor worker (a later issue) takes queued rows,
 * runs them against the node's registry and sets their status.
 */
export function nodeTaskRoutes(
  app: FastifyInstance,
  options: { db: Database; access: ResourceAccess },
): void {
  const { db, access } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/nodes/:id/task',
    {
      schema: {
        tags: ['nodes'],
        summary: 'Request a registry task for a node',
        params: Params,
        body: NodeTaskSchema,
        // The task as recorded, without its payload (a link's secret is for the worker only).
        response: { 202: recordSchemaOf(nodeTasks, ['payload']) },
      },
    },
    async (request, reply) => {
      await access.preCheck(request, ALLOWED);
      const [node] = await db
        .select()
        .from(nodes)
        .where(and(eq(nodes.id, request.params.id), access.visibleRows(request, nodes.realm_id)));
      if (!node) throw notFound('The node was not found.');
      await access.check(request, ALLOWED, node);

      const { task, ...extras } = request.body;
      if (task !== NodeTaskName.CLEANUP && !node.registry_id) {
        throw badRequest('The node has not been assigned to a registry yet.');
      }
      if (task === NodeTaskName.PROJECT_UNLINK && !node.registry_project_id) {
        throw badRequest('No related registry-resource exists at the moment.');
      }
      const [row] = await db
        .insert(nodeTasks)
        .values({ node_id: node.id, task, payload: extras })
        .returning();
      // The secret (for projectLink) is only for the worker; the answer never echoes it.
      const { payload: _payload, ...shown } = row!;
      return reply.status(202).send(shown);
    },
  );
}
