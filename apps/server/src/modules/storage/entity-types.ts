/** The entity types of storage's domain events (`bucketCreated`, `bucketFileDeleted`, ...). */
export const StorageEntityType = {
  BUCKET: 'bucket',
  BUCKET_FILE: 'bucketFile',
} as const;

export type StorageEntityType = (typeof StorageEntityType)[keyof typeof StorageEntityType];
