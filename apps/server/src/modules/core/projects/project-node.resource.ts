import {
  ApprovalStatus,
  CoreEntityType,
  NodeType,
  PlatformPermissionName as P,
  PROJECT_READERS,
  ProjectNodeCreateSchema,
  ProjectNodeUpdateSchema,
} from '@federa/schemas';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceAccess, ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { analyses, analysisNodes, nodes, projectNodes, projects } from '../db/index.ts';
import { assertRealmWritable } from '../shared/realms.ts';

export const NODE_IN_USE_MESSAGE =
  'The node can not be disconnected from the project because it is used by an analysis.';
export const HIDDEN_NODE_MESSAGE = 'The node is hidden and can not be added to a project.';

const EDITORS = [P.PROJECT_CREATE, P.PROJECT_UPDATE];

/**
 * A project node belongs to two realms: the project's (which asks) and the node's (which approves).
 * Both see it; the policy sees the side of the caller's realm, and the hooks check which side may do
 * what: the project realm adds and removes nodes, the node realm approves or rejects.
 */
function sideOf(request: FastifyRequest, row: Row): Row {
  const { project_realm_id: projectRealm, node_realm_id: nodeRealm, ...rest } = row;
  const realmId = request.identity?.realmId === nodeRealm ? nodeRealm : projectRealm;
  return { ...rest, realm_id: realmId };
}

async function loadProject(db: Executor, id: string) {
  const [row] = await db
    .select({ id: projects.id, realm_id: projects.realm_id })
    .from(projects)
    .where(eq(projects.id, id));
  if (!row) throw badRequest('The project does not exist.');
  return row;
}

async function loadNode(db: Executor, id: string) {
  const [row] = await db
    .select({ id: nodes.id, realm_id: nodes.realm_id, type: nodes.type, hidden: nodes.hidden })
    .from(nodes)
    .where(eq(nodes.id, id));
  if (!row) throw badRequest('The node does not exist.');
  return row;
}

export function projectNodeResource(access: ResourceAccess): ResourceDefinition {
  return {
    path: 'project-nodes',
    entityType: CoreEntityType.PROJECT_NODE,
    label: 'project node',
    table: projectNodes,
    query: defineResourceQuery({
      table: projectNodes,
      fields: {
        default: [
          'id',
          'approval_status',
          'comment',
          'project_id',
          'project_realm_id',
          'node_id',
          'node_realm_id',
          'created_at',
          'updated_at',
        ],
      },
      filters: ['id', 'approval_status', 'project_id', 'project_realm_id', 'node_id', 'node_realm_id'],
      sorts: ['approval_status', 'created_at', 'updated_at'],
      defaultSort: { created_at: 'DESC' },
      relations: {
        project: {
          table: projects,
          localKey: 'project_id',
          foreignKey: 'id',
          // The node's side cannot read the project itself: what its request card shows of the
          // project (name, creator, times; docs/product/analysis-platform.md §3 project) comes from here.
          filters: ['name'],
        },
        node: {
          table: nodes,
          localKey: 'node_id',
          foreignKey: 'id',
          filters: ['name', 'type', 'hidden'],
        },
      },
    }),
    permissions: {
      read: [...PROJECT_READERS],
      create: EDITORS,
      update: [P.PROJECT_APPROVE],
      delete: [P.PROJECT_UPDATE, P.PROJECT_DELETE],
    },
    createSchema: ProjectNodeCreateSchema,
    updateSchema: ProjectNodeUpdateSchema,
    realmColumn: [projectNodes.project_realm_id, projectNodes.node_realm_id],
    attributesOf: (row, request) => sideOf(request, row),
    hooks: {
      prepareCreate: async (input, { request, db }) => {
        const project = await loadProject(db, input.project_id as string);
        const node = await loadNode(db, input.node_id as string);
        // Adding a node to a project is an edit of the project: it needs the project's realm.
        await access.check(request, EDITORS, { realm_id: project.realm_id });
        // A hidden node is not offered for selection (docs/product/analysis-platform.md §7), nor accepted
        // here.
        if (node.hidden) throw badRequest(HIDDEN_NODE_MESSAGE);
        return {
          project_id: project.id,
          project_realm_id: project.realm_id,
          node_id: node.id,
          node_realm_id: node.realm_id,
          // Aggregators serve every project; they need no approval, nor does anyone on a hub that
          // skips project approvals (SKIP_PROJECT_APPROVAL).
          approval_status:
            node.type === NodeType.AGGREGATOR || request.server.config.approvals.skipProject
              ? ApprovalStatus.APPROVED
              : null,
        };
      },
      prepareUpdate: (existing, input, { request }) => {
        // Only the node's side decides (as in the original hub).
        assertRealmWritable(request, existing.node_realm_id as string);
        return { approval_status: input.approval_status, comment: input.comment ?? null };
      },
      beforeDelete: async (existing, { request, db }) => {
        assertRealmWritable(request, existing.project_realm_id as string);
        const [used] = await db
          .select({ id: analysisNodes.id })
          .from(analysisNodes)
          .innerJoin(analyses, eq(analyses.id, analysisNodes.analysis_id))
          .where(
            and(
              eq(analyses.project_id, existing.project_id as string),
              eq(analysisNodes.node_id, existing.node_id as string),
              isNotNull(analysisNodes.run_status),
              ne(analysisNodes.run_status, 'failed'),
            ),
          )
          .limit(1);
        if (used) throw badRequest(NODE_IN_USE_MESSAGE);
      },
      afterWrite: async (row, event, { db }) => {
        // The counters (projects.nodes, analyses.nodes) follow by database triggers (migration
        // core_counters), so cascades and concurrent writers keep them exact.
        if (event !== 'deleted') return;
        // The node leaves the project's analyses too (none of them runs on it, see beforeDelete).
        await db.delete(analysisNodes).where(
          and(
            eq(analysisNodes.node_id, row.node_id as string),
            inArray(
              analysisNodes.analysis_id,
              db
                .select({ id: analyses.id })
                .from(analyses)
                .where(eq(analyses.project_id, row.project_id as string)),
            ),
          ),
        );
      },
    },
  };
}
