import {
  AnalysisNodeCreateSchema,
  AnalysisNodeUpdateSchema,
  ApprovalStatus,
  CoreEntityType,
  NodeType,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '#platform/db/index.ts';
import { badRequest, forbidden } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceAccess, ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { analyses, analysisNodes, nodes, projectNodes } from '../db/index.ts';
import { canWriteRealm } from '../shared/realms.ts';
import {
  ANALYSIS_READERS,
  APPROVAL_LOCKED_MESSAGE,
  HIDDEN_NODE_MESSAGE,
  LOCKED_MESSAGE,
  NOT_NODE_AUTHORITY_MESSAGE,
  NOT_PROJECT_NODE_MESSAGE,
} from './access-rules.ts';
import { referencedAnalysis } from './analysis-lookup.ts';

export const NEITHER_REALM_MESSAGE = 'You are neither part of the node nor analysis realm.';

/** The side of a two-sided row the caller acts for: the node's realm when it is theirs, else the analysis'. */
export function analysisNodeSideOf(request: FastifyRequest, row: Row): Row {
  const { analysis_realm_id: analysisRealm, node_realm_id: nodeRealm, ...rest } = row;
  const realmId = request.identity?.realmId === nodeRealm ? nodeRealm : analysisRealm;
  return { ...rest, realm_id: realmId };
}

async function isLocked(db: Executor, analysisId: string): Promise<boolean> {
  const [row] = await db
    .select({ locked: analyses.configuration_locked })
    .from(analyses)
    .where(eq(analyses.id, analysisId));
  return row?.locked ?? false;
}

/** Refuses unless the caller speaks for the node's realm and holds the permission there. */
async function assertNodeAuthority(
  access: ResourceAccess,
  request: FastifyRequest,
  existing: Row,
  permission: string,
): Promise<void> {
  const realmId = existing.node_realm_id as string;
  if (!canWriteRealm(request, realmId)) throw forbidden(NOT_NODE_AUTHORITY_MESSAGE);
  await access.check(request, [permission], { ...existing, realm_id: realmId }).catch(() => {
    throw forbidden(NOT_NODE_AUTHORITY_MESSAGE);
  });
}

/**
 * The nodes an analysis runs on. Two-sided like project nodes: the analysis' realm adds and removes
 * nodes (only nodes of the project, not hidden, never while the configuration is locked); the node's
 * realm approves or rejects, and the node's robot reports the run status.
 */
export function analysisNodeResource(access: ResourceAccess): ResourceDefinition {
  return {
    path: 'analysis-nodes',
    entityType: CoreEntityType.ANALYSIS_NODE,
    label: 'analysis node',
    table: analysisNodes,
    query: defineResourceQuery({
      table: analysisNodes,
      fields: {
        default: [
          'id',
          'approval_status',
          'run_status',
          'comment',
          'artifact_tag',
          'artifact_digest',
          'analysis_id',
          'analysis_realm_id',
          'node_id',
          'node_realm_id',
          'created_at',
          'updated_at',
        ],
      },
      filters: [
        'id',
        'approval_status',
        'run_status',
        'analysis_id',
        'analysis_realm_id',
        'node_id',
        'node_realm_id',
      ],
      sorts: ['approval_status', 'run_status', 'created_at', 'updated_at'],
      defaultSort: { created_at: 'DESC' },
      relations: {
        analysis: {
          table: analyses,
          localKey: 'analysis_id',
          foreignKey: 'id',
          filters: ['name', 'project_id'],
        },
        node: {
          table: nodes,
          localKey: 'node_id',
          foreignKey: 'id',
          filters: ['name', 'type'],
        },
      },
    }),
    permissions: {
      read: [...ANALYSIS_READERS],
      create: [P.ANALYSIS_UPDATE],
      update: [P.ANALYSIS_UPDATE, P.ANALYSIS_APPROVE],
      delete: [P.ANALYSIS_UPDATE, P.ANALYSIS_APPROVE],
    },
    createSchema: AnalysisNodeCreateSchema,
    updateSchema: AnalysisNodeUpdateSchema,
    realmColumn: [analysisNodes.analysis_realm_id, analysisNodes.node_realm_id],
    attributesOf: (row, request) => analysisNodeSideOf(request, row),
    hooks: {
      prepareCreate: async (input, { request, db }) => {
        const analysis = await referencedAnalysis(db, access, request, input.analysis_id as string);
        // Choosing the nodes is an edit of the analysis: it needs the analysis' realm.
        await access.check(request, [P.ANALYSIS_UPDATE], { realm_id: analysis.realm_id });
        if (analysis.configuration_locked) throw badRequest(LOCKED_MESSAGE);
        const [node] = await db
          .select({ id: nodes.id, realm_id: nodes.realm_id, type: nodes.type, hidden: nodes.hidden })
          .from(nodes)
          .where(eq(nodes.id, input.node_id as string));
        if (!node) throw badRequest('The node does not exist.');
        const [member] = await db
          .select({ id: projectNodes.id })
          .from(projectNodes)
          .where(and(eq(projectNodes.project_id, analysis.project_id), eq(projectNodes.node_id, node.id)));
        if (!member) throw badRequest(NOT_PROJECT_NODE_MESSAGE);
        if (node.hidden) throw badRequest(HIDDEN_NODE_MESSAGE);
        return {
          analysis_id: analysis.id,
          analysis_realm_id: analysis.realm_id,
          node_id: node.id,
          node_realm_id: node.realm_id,
          // Aggregators serve every analysis; they need no approval, nor does anyone on a hub that
          // skips analysis approvals (SKIP_ANALYSIS_APPROVAL).
          approval_status:
            node.type === NodeType.AGGREGATOR || request.server.config.approvals.skipAnalysis
              ? ApprovalStatus.APPROVED
              : null,
        };
      },
      prepareUpdate: async (existing, input, { request, db }) => {
        if (
          !canWriteRealm(request, existing.node_realm_id as string) &&
          !canWriteRealm(request, existing.analysis_realm_id as string)
        ) {
          throw forbidden(NEITHER_REALM_MESSAGE);
        }
        const data: Row = {};
        if (input.approval_status !== undefined || input.comment !== undefined) {
          await assertNodeAuthority(access, request, existing, P.ANALYSIS_APPROVE);
          if (await isLocked(db, existing.analysis_id as string)) throw badRequest(APPROVAL_LOCKED_MESSAGE);
          if (input.approval_status !== undefined) data.approval_status = input.approval_status;
          data.comment = input.comment ?? null;
        }
        if (input.run_status !== undefined) {
          // What a node reports about its own run (its robot holds analysis_update in its realm).
          await assertNodeAuthority(access, request, existing, P.ANALYSIS_UPDATE);
          data.run_status = input.run_status;
        }
        if (Object.keys(data).length === 0) {
          throw badRequest('Name at least one of approval_status, comment or run_status.');
        }
        return data;
      },
      beforeDelete: async (existing, { db }) => {
        if (await isLocked(db, existing.analysis_id as string)) throw badRequest(LOCKED_MESSAGE);
      },
      afterWrite: async (row, event, { db }) => {
        if (event !== 'created') return;
        // The insert's counter trigger holds the analysis row, so a lock racing with this insert
        // either committed before (and is seen here) or waits and counts this node.
        if (await isLocked(db, row.analysis_id as string)) throw badRequest(LOCKED_MESSAGE);
      },
    },
  };
}
