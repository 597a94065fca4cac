import { ApprovalStatus } from '@federa/schemas';
import { and, eq, inArray, isNotNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#platform/db/index.ts';
import { realmColumnsOf, type ResourceAccess } from '#platform/http/resource/index.ts';
import {
  analyses,
  analysisBucketFiles,
  analysisBuckets,
  analysisNodeEvents,
  analysisNodes,
  analysisPermissions,
  nodes,
  projectNodes,
  projects,
  registryProjects,
} from '../db/index.ts';

/** The ids of the nodes whose robot is calling (a subquery; usually one node). */
type OwnNodes = SQL | ReturnType<typeof ownNodesOf>;

function ownNodesOf(db: Database, robotId: string) {
  return db.select({ id: nodes.id }).from(nodes).where(eq(nodes.robot_id, robotId));
}

/**
 * What a node's robot may see of each core table: the records of its own node, and what those refer
 * to as far as the agent needs them to run its analyses. Realm permissions would show it every
 * record of its realm (other nodes' analyses, logs, approvals), none of which is its business.
 */
function scopesOf(db: Database): Map<PgTable, (own: OwnNodes) => SQL> {
  const analysesOf = (own: OwnNodes) =>
    db
      .select({ id: analysisNodes.analysis_id })
      .from(analysisNodes)
      .where(inArray(analysisNodes.node_id, own));
  // Buckets and their files only of analyses the node approved (as storage: docs/decisions/0030).
  const approvedAnalysesOf = (own: OwnNodes) =>
    db
      .select({ id: analysisNodes.analysis_id })
      .from(analysisNodes)
      .where(
        and(inArray(analysisNodes.node_id, own), eq(analysisNodes.approval_status, ApprovalStatus.APPROVED)),
      );
  return new Map<PgTable, (own: OwnNodes) => SQL>([
    [nodes, (own) => inArray(nodes.id, own)],
    [projectNodes, (own) => inArray(projectNodes.node_id, own)],
    [analysisNodes, (own) => inArray(analysisNodes.node_id, own)],
    [analysisNodeEvents, (own) => inArray(analysisNodeEvents.node_id, own)],
    [
      projects,
      (own) =>
        inArray(
          projects.id,
          db
            .select({ id: projectNodes.project_id })
            .from(projectNodes)
            .where(inArray(projectNodes.node_id, own)),
        ),
    ],
    [analyses, (own) => inArray(analyses.id, analysesOf(own))],
    [analysisBuckets, (own) => inArray(analysisBuckets.analysis_id, approvedAnalysesOf(own))],
    [analysisBucketFiles, (own) => inArray(analysisBucketFiles.analysis_id, approvedAnalysesOf(own))],
    // Who else may do what with an analysis is for its owners to know.
    [analysisPermissions, () => sql`false`],
    [
      registryProjects,
      (own) =>
        inArray(
          registryProjects.id,
          db
            .select({ id: nodes.registry_project_id })
            .from(nodes)
            .where(and(inArray(nodes.id, own), isNotNull(nodes.registry_project_id))),
        ),
    ],
  ]);
}

/**
 * The core module's access rules: those of the identity module, with the rows a node's robot sees
 * narrowed to its own node's (docs/node-agent.md). Every core route asks `visibleRows`, so lists,
 * reads, writes and the custom routes all narrow alike. Other robots and users see what they did.
 */
export function withNodeRobotScope(access: ResourceAccess, db: Database): ResourceAccess {
  const scopes = scopesOf(db);
  return {
    preCheck: (request, permissions) => access.preCheck(request, permissions),
    check: (request, permissions, attributes) => access.check(request, permissions, attributes),
    visibleRows(request, realmColumn) {
      const realm = access.visibleRows(request, realmColumn);
      const identity = request.identity;
      if (identity?.type !== 'robot') return realm;
      const column: PgColumn | undefined = realmColumnsOf(realmColumn)[0];
      const scope = column && scopes.get(column.table);
      if (!scope) return realm;
      const own = ownNodesOf(db, identity.id);
      // A robot of no node (made by an administrator for other work) keeps its realm's rows.
      return and(realm, or(notExists(own), scope(own)));
    },
  };
}
