import { PlatformPermissionName as P } from '@federa/schemas';
import { eq, isNotNull, and } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '#platform/db/index.ts';
import type { ResourceAccess, Row } from '#platform/http/resource/index.ts';
import { guardHiddenFields } from '#modules/auth/index.ts';
import { nodes } from '../db/index.ts';

/** The registry projects of the node whose robot sends the request (usually one), by request. */
const ownProjects = new WeakMap<FastifyRequest, ReadonlySet<string>>();

/**
 * Whether the row is the registry project of the node the calling robot belongs to: the node reads
 * it, with the Harbor robot account it pulls with (`account_name`, `account_secret`), as in the
 * original, without holding a registry permission.
 */
export function isOwnNodeRegistryProject(request: FastifyRequest, row: Row): boolean {
  return ownProjects.get(request)?.has(row.id as string) ?? false;
}

/**
 * The registry secrets (`account_secret` of registries and registry projects) are hidden fields:
 * returned only on request (`fields=+account_secret`), to holders of `registry_manage`, and to a node
 * reading its own registry project. Register before the registry routes.
 */
export function guardRegistrySecrets(
  app: FastifyInstance,
  db: Executor,
  access: Pick<ResourceAccess, 'preCheck' | 'check'>,
): void {
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' || request.identity?.type !== 'robot') return;
    if (request.routeOptions.url !== `${app.prefix}/registry-projects/:id`) return;
    const rows = await db
      .select({ id: nodes.registry_project_id })
      .from(nodes)
      .where(and(eq(nodes.robot_id, request.identity.id), isNotNull(nodes.registry_project_id)));
    ownProjects.set(request, new Set(rows.map((row) => row.id!)));
  });
  guardHiddenFields(app, access, [
    { path: 'registries', fields: ['account_secret'], permissions: [P.REGISTRY_MANAGE] },
    {
      path: 'registry-projects',
      fields: ['account_secret'],
      permissions: [P.REGISTRY_MANAGE],
      ownRecord: isOwnNodeRegistryProject,
    },
  ]);
}
