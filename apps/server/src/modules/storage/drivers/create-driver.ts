import path from 'node:path';
import type { AppConfig } from '#config/config.ts';
import type { StorageDriver } from './driver.ts';
import { FilesystemDriver } from './fs-driver.ts';
import { S3Driver } from './s3-driver.ts';

/** The driver the configuration asks for: files under `DATA_DIR/storage`, or an S3 bucket. */
export function createStorageDriver(config: Pick<AppConfig, 'dataDir' | 'storage'>): StorageDriver {
  const { storage } = config;
  if (storage.driver === 's3') {
    // loadConfig guarantees the bucket for the s3 driver.
    return new S3Driver({ ...storage.s3, bucket: storage.s3.bucket! });
  }
  return new FilesystemDriver(path.join(config.dataDir, 'storage'));
}
