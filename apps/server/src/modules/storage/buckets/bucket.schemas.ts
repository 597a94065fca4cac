import { z } from 'zod';

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
