import { z } from 'zod';

/**
 * Building blocks of the record schemas (`auth/records.ts`, `core/records.ts`): a record as a list or
 * read of its resource answers it (docs/design.md §4). Every column the resource sends by default is
 * a required key; a NOT NULL column is not nullable; timestamps are ISO-8601 strings. Columns sent
 * only when asked for (`fields=+email`) and included relations (`include=realm`) are optional.
 * A read that selects fields (`fields=id,name`) answers fewer keys: its caller parses with
 * `XSchema.pick({ ... })`, and so does a read that selects fields of a relation (`fields[realm]=name`).
 */
export const recordId = () => z.string();
export const timestamp = () => z.string();

/** `created_at` and `updated_at`, which every stored record has. */
export const timestamps = { created_at: timestamp(), updated_at: timestamp() };

/**
 * An included relation (`include=realm`): the related record as its own resource answers it, or
 * null when the key points nowhere; absent unless asked for. A relation the server sends only some
 * fields of declares those (`z.object({ id, name, type })`).
 */
export function included<T extends z.ZodType>(schema: T) {
  return schema.nullable().optional();
}
