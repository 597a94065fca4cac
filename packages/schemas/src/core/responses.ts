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
