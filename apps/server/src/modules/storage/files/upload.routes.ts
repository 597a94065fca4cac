import { PlatformPermissionName as P, UploadedFilesSchema } from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#platform/http/errors.ts';
import { requestContext } from '#platform/http/resource/index.ts';
import { requireIdentity } from '#modules/auth/index.ts';
import { assertMayChange } from '../access.ts';
import { requireReadableBucket } from '../buckets/bucket.routes.ts';
import type { StorageContext } from '../context.ts';
import { present } from '../present.ts';
import { receiveUpload } from './upload.ts';

const IdParams = z.object({ id: z.string().min(1).max(256) });

/**
 * `POST /buckets/:id/upload`: multipart/form-data with one or more files (fields `files[0]`,
 * `files[1]`, ... or any name); each filename may carry a relative path, which is kept. Answers 201
 * with the created bucket files as `{ data, meta: { total } }`, as the original does.
 */
export function registerUploadRoute(
  app: FastifyInstance,
  context: StorageContext,
  maxFileSize: number,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/buckets/:id/upload',
    {
      schema: {
        tags: ['storage'],
        summary: 'Upload files into a bucket (multipart/form-data)',
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 201: UploadedFilesSchema },
      },
    },
    async (request, reply) => {
      const uploader = requireIdentity(request);
      if (!request.isMultipart()) {
        throw new HttpError(415, 'unsupported_media_type', 'Files must be sent as multipart/form-data.');
      }
      const bucket = await requireReadableBucket(context, request, request.params.id);
      // A grant (a node's robot and the results of an analysis its node approved) or the usual rule.
      if (!(await context.grants.mayWrite(context.db, uploader, bucket.id))) {
        await assertMayChange(request, context.access, [P.BUCKET_UPDATE], bucket);
      }
      await context.writeGuards.assertWritable(bucket.id as string);

      let files;
      try {
        files = await receiveUpload(request.parts(), {
          db: context.db,
          driver: context.driver,
          bucket,
          uploader,
          maxFileSize,
          log: request.log,
          outbox: context.outbox,
          cause: requestContext(request),
        });
      } catch (error) {
        // A refused upload may still be arriving: close the connection after the error response
        // instead of reading gigabytes nobody wants.
        reply.header('connection', 'close');
        throw error;
      }
      return reply.status(201).send({ data: files.map(present), meta: { total: files.length } });
    },
  );
}
