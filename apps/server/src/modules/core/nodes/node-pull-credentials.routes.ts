import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/index.ts';
import { forbidden, notFound } from '../../../platform/http/errors.ts';
import { requireIdentity } from '../../auth/index.ts';
import { nodes, registries, registryProjects } from '../db/index.ts';

const Params = z.object({ id: z.uuid('The value must be a valid id.') });

export const ONLY_NODE_ROBOT_MESSAGE = "Only the node's own robot may read its pull credentials.";
export const NO_REGISTRY_MESSAGE = 'The node has not been assigned to a registry yet.';

/**
 * `GET nodes/{id}/pull-credentials`: where a node pulls its analysis images and with which account
 * (the node project's robot account): `{ registry, project, username, password }`. Only the node's
 * own robot gets them (docs/node-agent.md); for everyone else the secret stays write-only, as on the
 * registry project. `username` and `password` are null for a project without an account (a registry
 * that lets nodes pull anonymously).
 */
export function nodePullCredentialsRoutes(app: FastifyInstance, options: { db: Database }): void {
  const { db } = options;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/nodes/:id/pull-credentials',
      {
        schema: {
          tags: ['nodes'],
          summary: "The node project's pull credentials (the node's robot only)",
          params: Params,
        },
      },
      async (request, reply) => {
        const identity = requireIdentity(request);
        const [node] = await db.select().from(nodes).where(eq(nodes.id, request.params.id));
        if (!node || identity.type !== 'robot' || node.robot_id !== identity.id) {
          // A 404 for a node that does not exist would tell others which ids do.
          throw forbidden(ONLY_NODE_ROBOT_MESSAGE);
        }
        if (!node.registry_id || !node.registry_project_id) throw notFound(NO_REGISTRY_MESSAGE);
        const [row] = await db
          .select({
            host: registries.host,
            project: registryProjects.external_name,
            username: registryProjects.account_name,
            password: registryProjects.account_secret,
          })
          .from(registryProjects)
          .innerJoin(registries, eq(registries.id, registryProjects.registry_id))
          .where(eq(registryProjects.id, node.registry_project_id));
        if (!row) throw notFound(NO_REGISTRY_MESSAGE);
        reply.header('cache-control', 'no-store');
        return {
          registry: row.host,
          project: row.project,
          username: row.username ?? null,
          password: row.username ? (row.password ?? null) : null,
        };
      },
    );
}
