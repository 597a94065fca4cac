import { AnalysisBucketType, ApprovalStatus, NodeType } from '@federa/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#platform/db/index.ts';
import type { BucketGrant } from '#modules/storage/index.ts';
import { analysisBuckets, analysisNodes, nodes } from '../db/index.ts';

/**
 * What a node's robot may do in storage: write into the RESULT and TEMP buckets of the analyses its
 * node approved, and nothing else (docs/node-agent.md). Default nodes leave their partial results in
 * TEMP; the aggregator reads all of TEMP and writes the analysis' result into RESULT. A default node
 * reads none of TEMP beyond its own uploads: the partial results of other sites are not its business.
 */
export function nodeRobotBucketGrant(db: Database): BucketGrant {
  /** The storage ids of the buckets of `types` of analyses the robot's node approved. */
  const bucketsOf = (robotId: string, types: AnalysisBucketType[], aggregatorOnly: boolean) =>
    db
      // Storage bucket ids are uuids; the hub keeps them as text.
      .select({ id: sql`${analysisBuckets.external_id}::uuid` })
      .from(analysisBuckets)
      .innerJoin(analysisNodes, eq(analysisNodes.analysis_id, analysisBuckets.analysis_id))
      .innerJoin(nodes, eq(nodes.id, analysisNodes.node_id))
      .where(
        and(
          eq(nodes.robot_id, robotId),
          eq(analysisNodes.approval_status, ApprovalStatus.APPROVED),
          inArray(analysisBuckets.type, types),
          aggregatorOnly ? eq(nodes.type, NodeType.AGGREGATOR) : undefined,
        ),
      );

  return {
    writable: (identity, bucketId: PgColumn) =>
      identity.type === 'robot'
        ? inArray(
            bucketId,
            bucketsOf(identity.id, [AnalysisBucketType.RESULT, AnalysisBucketType.TEMP], false),
          )
        : undefined,
    readable: (identity, bucketId: PgColumn) =>
      identity.type === 'robot'
        ? inArray(bucketId, bucketsOf(identity.id, [AnalysisBucketType.TEMP], true))
        : undefined,
  };
}
