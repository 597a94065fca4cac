import { z } from 'zod';

const SyncCountsSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
});

/** The answer of `POST /core/master-images/command {"command":"sync"}`: what the sync changed. */
export const MasterImageSyncSummarySchema = z.object({ groups: SyncCountsSchema, images: SyncCountsSchema });
export type MasterImageSyncSummary = z.infer<typeof MasterImageSyncSummarySchema>;

/** The answer of a command that was accepted and has nothing to show (`202` without a body). */
export const NoContentSchema = z.null().optional().describe('Accepted; the answer has no body.');

/** A file download: the bytes of a tar archive. */
export const TarArchiveResponse = {
  description: 'A tar archive of the files',
  // Any: the body is a stream, which Fastify sends as it is, without a serializer.
  content: { 'application/x-tar': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};

/** `GET /core/status`: the answering process' version, database reachability and roles. */
export const ServerStatusSchema = z.object({
  version: z.string(),
  database: z.enum(['ok', 'unavailable']),
  roles: z.array(z.string()),
  worker: z.boolean(),
});
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

/** One background job as an operator sees it (`GET /core/jobs`), whichever queue it is in. */
export const JobSchema = z.looseObject({
  id: z.string(),
  queue: z.enum(['analysis', 'service']),
  name: z.string(),
  target_id: z.string().nullable(),
  status: z.string(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof JobSchema>;
export const JobListSchema = z.object({
  data: z.array(JobSchema),
  meta: z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
});

/** `GET /core/master-images/presence`: whether the registry's `master` project holds each image. */
export const MasterImagePresenceSchema = z.object({
  registry_id: z.string(),
  image: z.string(),
  data: z.array(
    z.object({
      id: z.string(),
      virtual_path: z.string(),
      present: z.boolean(),
      digest: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
