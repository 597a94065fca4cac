import { z } from 'zod';
import type { Row } from '#platform/http/resource/index.ts';

/**
 * The create body of catalog records: always refused, because master images and their groups come
 * only from the catalog (`POST master-images/command {command: 'sync'}`).
 */
export const catalogOnly = z
  .object({})
  .passthrough()
  .refine(() => false, {
    message: 'Master images come from the catalog; run the sync command to add them.',
  }) as unknown as z.ZodType<Row>;
