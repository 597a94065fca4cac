import { z } from 'zod';
import { listResponseSchema } from '../list.ts';
import { BucketSchema } from './buckets.ts';

/**
 * A file in a bucket as the storage API answers it; optional fields and a loose object for the same
 * reasons as a bucket. `size` is in bytes: a number, or a decimal string beyond 2^53 - 1 (JSON has
 * no 64-bit integers and the size is never rounded).
 */
export const BucketFileSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  /** The relative path as uploaded, e.g. `src/main.py`. */
  path: z.string().optional(),
  /** `path` without its last segment; `.` at the top of the bucket. */
  directory: z.string().optional(),
  /** sha256 of the content, hex. */
  hash: z.string().optional(),
  size: z.union([z.number().int().nonnegative(), z.string()]).optional(),
  bucket_id: z.string().optional(),
  actor_type: z.string().optional(),
  actor_id: z.string().optional(),
  realm_id: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  /** With `include=bucket`. */
  bucket: BucketSchema.nullable().optional(),
});
export const BucketFileListSchema = listResponseSchema(BucketFileSchema);
export type BucketFile = z.infer<typeof BucketFileSchema>;

/** `POST /storage/buckets/{id}/upload`: the files created, in the order they were sent. */
export const UploadedFilesSchema = z.object({
  data: z.array(BucketFileSchema),
  meta: z.object({ total: z.number().int().nonnegative() }),
});

/** `GET /storage/bucket-files/{id}/stream`: the file's content as it was uploaded. */
export const BucketFileContentResponse = {
  description: "The file's content",
  // Any: the body is a stream, which Fastify sends as it is, without a serializer.
  content: {
    'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
  },
};
