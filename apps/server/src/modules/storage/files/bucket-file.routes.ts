import {
  BucketFileContentResponse,
  BucketFileListSchema,
  BucketFileSchema,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#platform/http/errors.ts';
import { parseListQuery, parseReadQuery, runListQuery, runReadQuery } from '#platform/http/query/index.ts';
import { requestContext } from '#platform/http/resource/index.ts';
import { requireIdentity } from '#modules/auth/index.ts';
import { assertMayChange, readableRows } from '../access.ts';
import { changeEvent, type StorageContext } from '../context.ts';
import { storageBucketFiles, storageBuckets, type StorageBucketFile } from '../db/index.ts';
import { ObjectNotFoundError } from '../drivers/driver.ts';
import { objectKeyOf } from '../object-keys.ts';
import { present } from '../present.ts';
import { bucketFileQuery } from './bucket-file.query.ts';
import { attachmentDisposition } from './content-disposition.ts';

const tags = ['storage'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IdParams = z.object({ id: z.string().min(1).max(256) });
const AnyQuery = z.record(z.string(), z.unknown());

/** `GET /bucket-files[/:id]`, `DELETE /bucket-files/:id` and `GET /bucket-files/:id/stream`. */
export function registerBucketFileRoutes(app: FastifyInstance, context: StorageContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, access } = context;

  /** Files the caller may read: the usual ones, and those of buckets a grant opens to it. */
  const readableFiles = (request: FastifyRequest) =>
    readableRows(
      request,
      access,
      storageBucketFiles,
      context.grants.readable(requireIdentity(request), storageBucketFiles.bucket_id),
    );

  /** The file among those the caller may read; a 404 otherwise. */
  const requireReadableFile = async (request: FastifyRequest, id: string): Promise<StorageBucketFile> => {
    const [file] = UUID.test(id)
      ? await db
          .select()
          .from(storageBucketFiles)
          .where(and(eq(storageBucketFiles.id, id), readableFiles(request)))
          .limit(1)
      : [];
    if (!file) throw notFound('The bucket file was not found.');
    return file;
  };

  typed.get(
    '/bucket-files',
    {
      schema: {
        tags,
        summary: 'List bucket files',
        querystring: AnyQuery,
        response: { 200: BucketFileListSchema },
      },
    },
    async (request) => {
      const parsed = parseListQuery(request.query, bucketFileQuery);
      const page = await runListQuery(db, bucketFileQuery, parsed, {
        where: readableFiles(request),
      });
      return { ...page, data: page.data.map(present) };
    },
  );

  typed.get(
    '/bucket-files/:id',
    {
      schema: {
        tags,
        summary: 'Read a bucket file',
        params: IdParams,
        querystring: AnyQuery,
        response: { 200: BucketFileSchema },
      },
    },
    async (request) => {
      const parsed = parseReadQuery(request.query, bucketFileQuery);
      const file = await requireReadableFile(request, request.params.id);
      const row = await runReadQuery(db, bucketFileQuery, parsed, eq(storageBucketFiles.id, file.id));
      if (!row) throw notFound('The bucket file was not found.');
      return present(row);
    },
  );

  typed.delete(
    '/bucket-files/:id',
    {
      schema: {
        tags,
        summary: 'Delete a bucket file',
        params: IdParams,
        response: { 202: BucketFileSchema },
      },
    },
    async (request, reply) => {
      const file = await requireReadableFile(request, request.params.id);
      const [bucket] = await db.select().from(storageBuckets).where(eq(storageBuckets.id, file.bucket_id));
      // The owner of the file or of its bucket may remove it; others need bucket_update (as the original).
      await assertMayChange(
        request,
        access,
        [P.BUCKET_UPDATE],
        present(file),
        bucket ? [file, bucket] : [file],
      );
      await context.writeGuards.assertWritable(file.bucket_id);
      // The stored object is removed once the deletion is announced (object-removal.ts), also
      // when this process dies right after the commit.
      const deleted = await context.outbox.transaction(
        async (tx, emit) => {
          const [row] = await tx
            .delete(storageBucketFiles)
            .where(eq(storageBucketFiles.id, file.id))
            .returning();
          if (!row) throw notFound('The bucket file was not found.');
          emit(changeEvent('bucketFile', 'deleted', row, requestContext(request)));
          return row;
        },
        { waitForDelivery: true },
      );
      return reply.status(202).send(present(deleted));
    },
  );

  // HEAD is declared separately: Fastify's automatic HEAD would open and read the whole object.
  const streamSchema = {
    tags,
    summary: 'Download a bucket file',
    params: IdParams,
    response: { 200: BucketFileContentResponse },
  };
  typed.get(
    '/bucket-files/:id/stream',
    { schema: streamSchema, exposeHeadRoute: false },
    async (request, reply) => {
      const file = await requireReadableFile(request, request.params.id);
      const body = await context.driver.get(objectKeyOf(file)).catch((error: unknown) => {
        if (error instanceof ObjectNotFoundError) {
          request.log.error({ fileId: file.id }, 'the stored object of a bucket file is missing');
        }
        throw error;
      });
      return reply.headers(downloadHeaders(file)).send(body);
    },
  );
  typed.head('/bucket-files/:id/stream', { schema: streamSchema }, async (request, reply) => {
    const file = await requireReadableFile(request, request.params.id);
    return reply.headers(downloadHeaders(file)).send();
  });
}

function downloadHeaders(file: StorageBucketFile): Record<string, string> {
  return {
    'content-type': 'application/octet-stream',
    'content-length': file.size.toString(),
    'content-disposition': attachmentDisposition(file.name),
    'x-content-type-options': 'nosniff',
  };
}
