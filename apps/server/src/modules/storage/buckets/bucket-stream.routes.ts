import { TarArchiveResponse } from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StorageContext } from '../context.ts';
import { attachmentDisposition } from '../files/content-disposition.ts';
import { bucketArchive } from './bucket-archive.ts';
import { requireReadableBucket } from './bucket.routes.ts';

const IdParams = z.object({ id: z.string().min(1).max(256) });

/** `GET /buckets/:id/stream`: every file of the bucket as one tar archive (`:id` may be the name). */
export function registerBucketStreamRoute(app: FastifyInstance, context: StorageContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['storage'],
    summary: 'Download a bucket as a tar archive',
    params: IdParams,
    response: { 200: TarArchiveResponse },
  };
  const headersOf = (name: string) => ({
    'content-type': 'application/x-tar',
    'content-disposition': attachmentDisposition(`${name}.tar`),
    'x-content-type-options': 'nosniff',
  });

  // HEAD is declared separately: Fastify's automatic HEAD would build and read the whole archive.
  typed.get('/buckets/:id/stream', { schema, exposeHeadRoute: false }, async (request, reply) => {
    const bucket = await requireReadableBucket(context, request, request.params.id, 'contents');
    return reply.headers(headersOf(bucket.name)).send(bucketArchive(context.db, context.driver, bucket.id));
  });
  typed.head('/buckets/:id/stream', { schema }, async (request, reply) => {
    const bucket = await requireReadableBucket(context, request, request.params.id, 'contents');
    return reply.headers(headersOf(bucket.name)).send();
  });
}
