import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#platform/db/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { badRequest, conflict, HttpError } from '#platform/http/errors.ts';
import { collectingYoungGarbage } from '#platform/memory/young-garbage.ts';
import type { RequestIdentity } from '#modules/auth/index.ts';
import { storageBucketFiles, type StorageBucket, type StorageBucketFile } from '../db/index.ts';
import { changeEvent } from '../context.ts';
import type { StorageDriver } from '../drivers/driver.ts';
import { objectKeyOf } from '../object-keys.ts';
import { parseFilePath } from './file-path.ts';

export interface UploadTarget {
  db: Database;
  driver: StorageDriver;
  bucket: StorageBucket;
  uploader: RequestIdentity;
  maxFileSize: number;
  log: FastifyBaseLogger;
  /** Stores the records and their announcements (the outbox): one transaction, all or nothing. */
  outbox: EventOutbox;
  /** Who uploaded, carried by each file's created event (the audit trail). */
  cause: Pick<EntityEvent, 'actor' | 'request'>;
}

type NewBucketFile = typeof storageBucketFiles.$inferInsert;

/**
 * Stores every file part of a multipart upload in the bucket and records them, all or nothing: each
 * part streams straight into the driver (size and hash measured on the way), and the records are
 * written in one transaction at the end, with their created events. When anything fails (a refused path, a file over the limit,
 * a client that goes away, the driver, the database) the objects stored so far are removed and no
 * record is written.
 */
export async function receiveUpload(
  parts: AsyncIterable<Multipart>,
  target: UploadTarget,
): Promise<StorageBucketFile[]> {
  const { db, driver, bucket, uploader } = target;
  const storedKeys: string[] = [];
  const files: NewBucketFile[] = [];
  const paths = new Set<string>();
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      // A file input left empty in a browser form still sends a part, with no name and no bytes.
      if (!part.filename) {
        await drain(part.file);
        continue;
      }
      const filePath = parseFilePath(part.filename);
      if (paths.has(filePath.path)) throw conflict(`The upload contains the file ${filePath.path} twice.`);
      if (await pathExists(db, bucket.id, filePath.path)) {
        throw conflict(`The bucket already contains a file ${filePath.path}.`);
      }
      paths.add(filePath.path);

      const id = randomUUID();
      const key = objectKeyOf({ bucket_id: bucket.id, id });
      storedKeys.push(key);
      const stored = await driver.put(
        key,
        collectingYoungGarbage(failOnSizeLimit(part, filePath.path, target.maxFileSize)),
      );
      // The limit also ends the stream normally; never keep a truncated file.
      if (part.file.truncated) throw fileTooLarge(filePath.path, target.maxFileSize);
      files.push({
        id,
        ...filePath,
        hash: stored.hash,
        size: BigInt(stored.size),
        bucket_id: bucket.id,
        // Files belong to the bucket's realm, so realm isolation treats a bucket and its files alike.
        realm_id: bucket.realm_id,
        actor_type: uploader.type,
        actor_id: uploader.id,
      });
    }
    if (files.length === 0) throw badRequest('The upload contains no file.');
    return await target.outbox.transaction(async (tx, emit) => {
      const rows = await tx.insert(storageBucketFiles).values(files).returning();
      for (const row of rows) emit(changeEvent('bucketFile', 'created', row, target.cause));
      return rows;
    });
  } catch (error) {
    await Promise.all(
      storedKeys.map((key) =>
        driver.delete(key).catch((cleanupError: unknown) => {
          target.log.error({ err: cleanupError, key }, 'an object of a failed upload remains');
        }),
      ),
    );
    throw error;
  }
}

async function pathExists(db: Database, bucketId: string, path: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storageBucketFiles.id })
    .from(storageBucketFiles)
    .where(and(eq(storageBucketFiles.bucket_id, bucketId), eq(storageBucketFiles.path, path)))
    .limit(1);
  return row !== undefined;
}

function fileTooLarge(path: string, maxFileSize: number): HttpError {
  return new HttpError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    `The file ${path} is larger than the maximum of ${maxFileSize} bytes.`,
  );
}

/** The part's stream, failing (so the driver discards what it wrote) as soon as the size limit is hit. */
function failOnSizeLimit(part: MultipartFile, path: string, maxFileSize: number): Readable {
  part.file.once('limit', () => part.file.destroy(fileTooLarge(path, maxFileSize)));
  return part.file;
}

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (!stream.readableEnded) await once(stream, 'end');
}
