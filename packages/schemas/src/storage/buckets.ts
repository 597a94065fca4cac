import { z } from 'zod';
import { listResponseSchema } from '../list.ts';

/** Bucket names are used in URLs (`/buckets/{name}/stream`) and archive names, so they stay plain. */
const BUCKET_NAME = /^[A-Za-z0-9._-]+$/;

const bucketName = z
  .string()
  .trim()
  .min(3, 'This field should be at least 3 characters long')
  .max(256, 'The maximum length allowed is 256')
  .regex(
    BUCKET_NAME,
    'The input value is only allowed to consist of the following characters: [0-9a-zA-Z-_.]+',
  );

const region = z
  .string()
  .trim()
  .min(3, 'This field should be at least 3 characters long')
  .max(256, 'The maximum length allowed is 256');

export const BucketCreateSchema = z
  .object({
    /** Generated when absent. */
    name: bucketName.nullish(),
    region: region.nullish(),
    /** Defaults to the caller's realm; another realm needs bucket_create there. */
    realm_id: z.uuid('The value must be a valid id.').nullish(),
  })
  .strict();

export const BucketUpdateSchema = z
  .object({
    name: bucketName.optional(),
    region: region.nullish(),
  })
  .strict();

export type BucketCreateInput = z.infer<typeof BucketCreateSchema>;
export type BucketUpdateInput = z.infer<typeof BucketUpdateSchema>;

/**
 * A bucket as the storage API answers it. Every field is optional because `fields=` selects some;
 * the object is loose like the other records' answers (what a read adds on purpose passes).
 */
export const BucketSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  region: z.string().nullable().optional(),
  /** `user`, `robot` or `client`: with actor_id, the identity that owns the bucket. */
  actor_type: z.string().optional(),
  actor_id: z.string().optional(),
  realm_id: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export const BucketListSchema = listResponseSchema(BucketSchema);
export type Bucket = z.infer<typeof BucketSchema>;
