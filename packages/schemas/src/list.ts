import { z } from 'zod';

export const DEFAULT_PAGE_LIMIT = 10;
export const MAX_PAGE_LIMIT = 50;
/** Logs and events are read in larger pages. */
export const MAX_LOG_PAGE_LIMIT = 100;

export const ListMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  /** Present and true when `total` is the database's estimate (lists longer than the counting cap). */
  estimated: z.boolean().optional(),
  /** Keyset mode (`page[after]` given), on a full page: the cursor that asks for the next page. */
  after: z.string().optional(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

/** A list answer read for its total only (`fields=id&page[limit]=1`): how many records match. */
export const ListTotalSchema = z.object({ meta: ListMetaSchema });

/** The answer of a bulk delete (log lines): how many records were removed. */
export const DeletedCountSchema = z.object({ deleted: z.number().int().nonnegative() });
export type DeletedCount = z.infer<typeof DeletedCountSchema>;

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

/** Builds the zod schema of a list envelope around an item schema. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: ListMetaSchema });
}

export type SortDirection = 'ASC' | 'DESC';

/** Query options a client may send with a list or read request (docs/design.md §4). */
export interface ListQuery {
  /** `{ name: '~abc' }`, `{ id: ['a', 'b'] }`, `{ realm_id: null }`, `{ created_at: '>2024-01-01' }`. */
  filter?: Record<string, string | number | boolean | null | Array<string | number>>;
  /** `['id', 'name']`, or `['+secret']` to add a hidden field to the defaults. */
  fields?: string[];
  include?: string[];
  /** `{ updated_at: 'DESC', name: 'ASC' }` */
  sort?: Record<string, SortDirection>;
  page?: { limit?: number; offset?: number; after?: string };
}
