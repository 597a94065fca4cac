import { analysisBuckets, analysisNodeEvents, analyses, nodes } from '../db/index.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import { PlatformPermissionName as P } from '@federa/schemas';
import { ANALYSIS_READERS } from './access-rules.ts';
import { analysisNodeSideOf } from './analysis-node.resource.ts';
import type { ReadOnlyResource } from './read-only-resource.ts';

/** An analysis' CODE, RESULT and TEMP buckets: created with the analysis, removed with it. */
export const analysisBucketResource: ReadOnlyResource = {
  path: 'analysis-buckets',
  label: 'analysis bucket',
  query: defineResourceQuery({
    table: analysisBuckets,
    fields: { default: ['id', 'type', 'external_id', 'analysis_id', 'realm_id', 'created_at', 'updated_at'] },
    filters: ['id', 'type', 'external_id', 'analysis_id', 'realm_id'],
    sorts: ['type', 'created_at', 'updated_at'],
    defaultSort: { type: 'ASC' },
    relations: {
      analysis: {
        table: analyses,
        localKey: 'analysis_id',
        foreignKey: 'id',
      },
    },
  }),
  read: [...ANALYSIS_READERS],
  realmColumn: analysisBuckets.realm_id,
};

/** What happened during the runs of an analysis' nodes: links to telemetry events, seen by both realms. */
export const analysisNodeEventResource: ReadOnlyResource = {
  path: 'analysis-node-events',
  label: 'analysis node event',
  query: defineResourceQuery({
    table: analysisNodeEvents,
    fields: {
      default: [
        'id',
        'event_id',
        'analysis_id',
        'analysis_realm_id',
        'node_id',
        'node_realm_id',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'event_id', 'analysis_id', 'analysis_realm_id', 'node_id', 'node_realm_id'],
    sorts: ['created_at', 'updated_at'],
    defaultSort: { created_at: 'DESC' },
    relations: {
      analysis: {
        table: analyses,
        localKey: 'analysis_id',
        foreignKey: 'id',
      },
      node: {
        table: nodes,
        localKey: 'node_id',
        foreignKey: 'id',
      },
    },
  }),
  read: [...ANALYSIS_READERS, P.EVENT_READ],
  realmColumn: [analysisNodeEvents.analysis_realm_id, analysisNodeEvents.node_realm_id],
  attributesOf: (row, request) => analysisNodeSideOf(request, row),
};
