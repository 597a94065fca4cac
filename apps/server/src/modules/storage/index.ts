import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '#config/config.ts';
import type { Database } from '#platform/db/index.ts';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import type { ResourceAccess } from '#platform/http/resource/index.ts';
import { requireIdentity } from '../auth/index.ts';
import { registerBucketStreamRoute } from './buckets/bucket-stream.routes.ts';
import { registerBucketRoutes } from './buckets/bucket.routes.ts';
import { BucketGrants } from './buckets/bucket-grants.ts';
import { BucketWriteGuards } from './buckets/bucket-write-guards.ts';
import type { StorageContext } from './context.ts';
import { createStorageDriver } from './drivers/create-driver.ts';
import { sweepPartialUploads } from './drivers/partial-sweeper.ts';
import type { StorageDriver } from './drivers/driver.ts';
import { registerBucketFileRoutes } from './files/bucket-file.routes.ts';
import { registerUploadRoute } from './files/upload.routes.ts';
import { removeObjectsOfDeletions } from './object-removal.ts';
import { followRealmDeletions } from './realm-cleanup.ts';

export { createBucket, type CreateBucketInput } from './buckets/bucket.service.ts';
export { bucketArchive } from './buckets/bucket-archive.ts';
export { BucketWriteGuards, type BucketWriteGuard } from './buckets/bucket-write-guards.ts';
export { BucketGrants, type BucketGrant } from './buckets/bucket-grants.ts';
export { deleteBucketRecords, findBucketFile } from './buckets/bucket-lifecycle.ts';
export { createStorageDriver } from './drivers/create-driver.ts';
export { StorageEntityType } from './entity-types.ts';
export { storageBucketFiles } from './db/index.ts';
export { objectKeyOf } from './object-keys.ts';
export type { StorageDriver, StoredObject } from './drivers/driver.ts';
export type { StorageBucket, StorageBucketFile } from './db/index.ts';

/** Files per upload request; more is almost certainly a mistake (or an attack on the parser). */
const MAX_FILES_PER_UPLOAD = 1000;

export interface StorageModuleOptions {
  db: Database;
  access: ResourceAccess;
  events: DomainEventBus;
  outbox: EventOutbox;
  config: Pick<AppConfig, 'dataDir' | 'storage'>;
  /** Tests may hand in a driver; by default the configured one is created (and closed with the app). */
  driver?: StorageDriver;
  /** Guards other modules added (see `BucketWriteGuards`); none by default. */
  writeGuards?: BucketWriteGuards;
  /** Grants other modules added (see `BucketGrants`); none by default. */
  grants?: BucketGrants;
}

/** The storage API (buckets, bucket files, uploads, downloads), mounted under /storage. */
export async function storageModule(app: FastifyInstance, options: StorageModuleOptions): Promise<void> {
  const driver = options.driver ?? createStorageDriver(options.config);
  if (!options.driver) app.addHook('onClose', () => driver.close());

  // Scoped to this plugin: only storage routes accept multipart bodies, which are streamed, never
  // buffered, so the app's JSON body limit does not apply to them.
  await app.register(multipart, {
    preservePath: true,
    limits: {
      fileSize: options.config.storage.maxFileSize,
      files: MAX_FILES_PER_UPLOAD,
      fields: 100,
      fieldSize: 64 * 1024,
      parts: MAX_FILES_PER_UPLOAD + 100,
      headerPairs: 100,
    },
  });
  // Every storage route needs a signed-in caller, as in the original.
  app.addHook('onRequest', async (request) => {
    requireIdentity(request);
  });

  const context: StorageContext = {
    db: options.db,
    access: options.access,
    driver,
    writeGuards: options.writeGuards ?? new BucketWriteGuards(),
    grants: options.grants ?? new BucketGrants(),
    outbox: options.outbox,
    log: app.log,
  };
  registerBucketRoutes(app, context);
  registerBucketStreamRoute(app, context);
  registerUploadRoute(app, context, options.config.storage.maxFileSize);
  registerBucketFileRoutes(app, context);

  const unsubscribers = [
    followRealmDeletions(options.events, options.outbox),
    removeObjectsOfDeletions(options.events, driver, app.log),
  ];
  app.addHook('onClose', async () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  });
  const stopSweeping = sweepPartialUploads(driver, app.log);
  app.addHook('onClose', async () => stopSweeping());
}
