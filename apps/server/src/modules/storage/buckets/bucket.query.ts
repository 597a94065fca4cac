import { defineResourceQuery } from '#platform/http/query/index.ts';
import { storageBuckets } from '../db/index.ts';

/** What `GET /buckets` lets clients select, filter and sort. */
export const bucketQuery = defineResourceQuery({
  table: storageBuckets,
  fields: {
    default: ['id', 'name', 'region', 'actor_type', 'actor_id', 'realm_id', 'created_at', 'updated_at'],
  },
  filters: ['id', 'name', 'region', 'actor_type', 'actor_id', 'realm_id', 'created_at', 'updated_at'],
  sorts: ['name', 'created_at', 'updated_at'],
  defaultSort: { created_at: 'DESC' },
});
