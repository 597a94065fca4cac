import { defineResourceQuery } from '#platform/http/query/index.ts';
import { storageBucketFiles, storageBuckets } from '../db/index.ts';

/** What `GET /bucket-files` lets clients select, filter, include and sort. */
export const bucketFileQuery = defineResourceQuery({
  table: storageBucketFiles,
  fields: {
    default: [
      'id',
      'name',
      'path',
      'directory',
      'hash',
      'size',
      'bucket_id',
      'actor_type',
      'actor_id',
      'realm_id',
      'created_at',
      'updated_at',
    ],
  },
  filters: [
    'id',
    'name',
    'path',
    'directory',
    'hash',
    'size',
    'bucket_id',
    'actor_type',
    'actor_id',
    'realm_id',
    'created_at',
    'updated_at',
  ],
  sorts: ['name', 'path', 'size', 'created_at', 'updated_at'],
  defaultSort: { created_at: 'DESC' },
  relations: {
    bucket: {
      table: storageBuckets,
      localKey: 'bucket_id',
      foreignKey: 'id',
    },
  },
});
