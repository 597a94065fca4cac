import {
  BucketCreateSchema,
  BucketListSchema,
  BucketSchema,
  BucketUpdateSchema,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#platform/http/errors.ts';
import { parseListQuery, parseReadQuery, runListQuery, runReadQuery } from '#platform/http/query/index.ts';
import { requestContext } from '#platform/http/resource/index.ts';
import { requireIdentity } from '#modules/auth/index.ts';
import { assertMayChange, readableRows } from '../access.ts';
import { changeEvent, lookupRealmOf, type StorageContext } from '../context.ts';
import { storageBuckets, type StorageBucket } from '../db/index.ts';
import { present } from '../present.ts';
import { bucketQuery } from './bucket.query.ts';
import { createBucket, findBucket, generateBucketName } from './bucket.service.ts';

const tags = ['storage'];
const IdParams = z.object({ id: z.string().min(1).max(256) });
const AnyQuery = z.record(z.string(), z.unknown());

/**
 * The bucket `:id` names (an id, or a name) among those the caller may read; a 404 otherwise. For
 * its `contents` (every file in it) a grant must let the caller read them, not only write into it.
 */
export async function requireReadableBucket(
  context: StorageContext,
  request: FastifyRequest,
  key: string,
  purpose: 'record' | 'contents' = 'record',
): Promise<StorageBucket> {
  const identity = requireIdentity(request);
  const granted =
    purpose === 'contents'
      ? context.grants.readable(identity, storageBuckets.id)
      : context.grants.writable(identity, storageBuckets.id);
  const bucket = await findBucket(
    context.db,
    key,
    lookupRealmOf(request),
    readableRows(request, context.access, storageBuckets, granted),
  );
  if (!bucket) throw notFound('The bucket was not found.');
  return bucket;
}

/** `GET|POST|DELETE /buckets[/:id]`: the bucket records (docs/design.md §4 resource conventions). */
export function registerBucketRoutes(app: FastifyInstance, context: StorageContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, access } = context;

  typed.get(
    '/buckets',
    { schema: { tags, summary: 'List buckets', querystring: AnyQuery, response: { 200: BucketListSchema } } },
    async (request) => {
      const parsed = parseListQuery(request.query, bucketQuery);
      return runListQuery(db, bucketQuery, parsed, {
        where: readableRows(
          request,
          access,
          storageBuckets,
          context.grants.writable(requireIdentity(request), storageBuckets.id),
        ),
      });
    },
  );

  typed.get(
    '/buckets/:id',
    {
      schema: {
        tags,
        summary: 'Read a bucket',
        params: IdParams,
        querystring: AnyQuery,
        response: { 200: BucketSchema },
      },
    },
    async (request) => {
      const parsed = parseReadQuery(request.query, bucketQuery);
      const bucket = await requireReadableBucket(context, request, request.params.id);
      const row = await runReadQuery(db, bucketQuery, parsed, eq(storageBuckets.id, bucket.id));
      if (!row) throw notFound('The bucket was not found.');
      return row;
    },
  );

  typed.post(
    '/buckets',
    {
      schema: { tags, summary: 'Create a bucket', body: BucketCreateSchema, response: { 201: BucketSchema } },
    },
    async (request, reply) => {
      await access.preCheck(request, [P.BUCKET_CREATE]);
      const identity = requireIdentity(request);
      const data = {
        name: request.body.name ?? generateBucketName(),
        region: request.body.region ?? null,
        realm_id: request.body.realm_id ?? identity.realmId,
        actor_type: identity.type,
        actor_id: identity.id,
      };
      // With the realm known: bucket_create must be granted for that realm.
      await access.check(request, [P.BUCKET_CREATE], data);
      const bucket = await context.outbox.transaction(async (tx, emit) => {
        const row = await createBucket(tx, data);
        emit(changeEvent('bucket', 'created', row, requestContext(request)));
        return row;
      });
      return reply.status(201).send(bucket);
    },
  );

  typed.post(
    '/buckets/:id',
    {
      schema: {
        tags,
        summary: 'Update a bucket',
        params: IdParams,
        body: BucketUpdateSchema,
        response: { 202: BucketSchema },
      },
    },
    async (request, reply) => {
      const existing = await requireReadableBucket(context, request, request.params.id);
      await assertMayChange(request, access, [P.BUCKET_UPDATE], { ...existing, ...request.body }, [existing]);
      // Nothing to change is not an error, and not a change either.
      if (Object.keys(request.body).length === 0) return reply.status(202).send(existing);
      const updated = await context.outbox.transaction(async (tx, emit) => {
        const [row] = await tx
          .update(storageBuckets)
          .set(request.body)
          .where(eq(storageBuckets.id, existing.id))
          .returning();
        if (!row) throw notFound('The bucket was not found.');
        emit(changeEvent('bucket', 'updated', row, requestContext(request), existing));
        return row;
      });
      return reply.status(202).send(updated);
    },
  );

  typed.delete(
    '/buckets/:id',
    {
      schema: {
        tags,
        summary: 'Delete a bucket and its files',
        params: IdParams,
        response: { 202: BucketSchema },
      },
    },
    async (request, reply) => {
      const existing = await requireReadableBucket(context, request, request.params.id);
      await assertMayChange(request, access, [P.BUCKET_DELETE], existing);
      await context.writeGuards.assertWritable(existing.id);
      // The records go first (their files cascade): once they are gone nobody can reach the objects,
      // and an object the driver failed to remove is only an orphan, never a file without content.
      // The objects are removed once the deletion is announced (object-removal.ts).
      const deleted = await context.outbox.transaction(
        async (tx, emit) => {
          const [row] = await tx.delete(storageBuckets).where(eq(storageBuckets.id, existing.id)).returning();
          if (!row) throw notFound('The bucket was not found.');
          emit(changeEvent('bucket', 'deleted', row, requestContext(request)));
          return row;
        },
        { waitForDelivery: true },
      );
      return reply.status(202).send(present(deleted));
    },
  );
}
