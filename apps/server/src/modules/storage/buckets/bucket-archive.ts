import { once } from 'node:events';
import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import tar, { type Header, type Pack } from 'tar-stream';
import type { Database } from '#platform/db/index.ts';
import { storageBucketFiles, type StorageBucketFile } from '../db/index.ts';
import type { StorageDriver } from '../drivers/driver.ts';
import { objectKeyOf } from '../object-keys.ts';

/** Records read per database round trip; the archive never holds more than one batch of them. */
const BATCH = 100;

/**
 * A tar archive of every file of a bucket, entry names being the files' paths. Files are read one
 * after the other from the driver and streamed into the archive; the archive waits for its reader,
 * so neither the files nor the archive are ever held in memory.
 */
export function bucketArchive(db: Database, driver: StorageDriver, bucketId: string): Readable {
  const pack = tar.pack();
  // Failures reach the reader through the stream returned below; an error event alone must not throw.
  pack.on('error', () => undefined);
  void (async () => {
    try {
      for await (const file of filesOf(db, bucketId)) {
        const source = await driver.get(objectKeyOf(file));
        await writeEntry(
          pack,
          { name: file.path, size: Number(file.size), mode: 0o644, mtime: timestampOf(file.updated_at) },
          source,
        );
      }
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
    }
  })();
  // A Node stream for Fastify: it reads the archive only as fast as the client takes it.
  return Readable.from(pack);
}

/** The bucket's files in path order, a batch at a time (keyset pagination on the unique path). */
async function* filesOf(db: Database, bucketId: string): AsyncGenerator<StorageBucketFile> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(storageBucketFiles)
      .where(
        and(
          eq(storageBucketFiles.bucket_id, bucketId),
          after === undefined ? undefined : gt(storageBucketFiles.path, after),
        ),
      )
      .orderBy(asc(storageBucketFiles.path))
      .limit(BATCH);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.path;
  }
}

/** Copies one object into an archive entry, honouring the archive's backpressure. */
async function writeEntry(
  pack: Pack,
  header: Partial<Header> & Pick<Header, 'name'>,
  source: Readable,
): Promise<void> {
  let entry: ReturnType<Pack['entry']> | undefined;
  try {
    let settle: (error?: Error | null) => void = () => undefined;
    const written = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    // Observed through `written` (and the tar callback); without a listener an error event would throw.
    written.catch(() => undefined);
    entry = pack.entry(header, (error) => settle(error));
    entry.on('error', () => undefined);
    for await (const chunk of source) {
      if (!entry.write(chunk as Buffer)) await Promise.race([once(entry, 'drain'), written]);
    }
    entry.end(undefined);
    await written;
  } catch (error) {
    source.destroy();
    entry?.destroy(error as Error);
    throw error;
  }
}

/** PostgreSQL timestamps arrive as `2025-01-02 03:04:05.678+00`; tar wants a Date. */
function timestampOf(value: string): Date {
  const date = new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? new Date() : date;
}
