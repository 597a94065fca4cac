import { invalidQuery } from '../errors.ts';
import type { ResourceQuery } from './definition.ts';
import type { RawEntry } from './raw-input.ts';
import type { ParsedPage } from './types.ts';

/** Ten digits hold any sensible offset; longer input is refused rather than parsed. */
const MAX_DIGITS = 10;

/** A cursor holds one value per sort field; sorts are short, values are ids, names and times. */
const MAX_CURSOR_LENGTH = 2_048;

/**
 * Parses `page[limit]`, `page[offset]` and `page[after]`: a cursor from `meta.after`, or empty for
 * the first page of a list read in keyset mode.
 */
export function parsePage(entries: readonly RawEntry[], definition: ResourceQuery): ParsedPage {
  let limit = definition.defaultLimit;
  let offset = 0;
  let after: string[] | undefined;

  for (const entry of entries) {
    const [key, ...deeper] = entry.path;
    if ((key !== 'limit' && key !== 'offset' && key !== 'after') || deeper.length > 0) {
      throw invalidQuery(entry.parameter, 'use page[limit], page[offset] or page[after]');
    }
    if (key === 'after') {
      after = readCursor(entry.parameter, entry.value);
      continue;
    }
    const value = readCount(entry.parameter, entry.value);
    if (value === undefined) continue;
    if (key === 'offset') {
      offset = value;
    } else if (value > 0) {
      // Like the originals (rapiq), a limit above the maximum is clamped, not refused: clients that
      // ask for "everything" still get a full page, and meta.limit tells them what was applied.
      limit = Math.min(value, definition.maxLimit);
    }
    // page[limit]=0 keeps the default limit, as rapiq treats a non-positive limit as absent.
  }
  if (after !== undefined && offset > 0)
    throw invalidQuery('page[after]', 'use page[after] or page[offset], not both');
  return after !== undefined ? { limit, offset, after } : { limit, offset };
}

/** The sort values of the row a page starts after, written by `encodeCursor`. */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** An empty `page[after]` asks for the first page in keyset mode (with `meta.after`). */
function readCursor(parameter: string, raw: string): string[] {
  const value = raw.trim();
  if (value === '') return [];
  if (value.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) {
    throw invalidQuery(parameter, 'is not a cursor from meta.after');
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidQuery(parameter, 'is not a cursor from meta.after');
  }
  if (!Array.isArray(decoded) || decoded.length === 0 || !decoded.every((item) => typeof item === 'string')) {
    throw invalidQuery(parameter, 'is not a cursor from meta.after');
  }
  return decoded as string[];
}

function readCount(parameter: string, raw: string): number | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  if (!/^\d+$/.test(value)) throw invalidQuery(parameter, 'must be a non-negative integer');
  if (value.replace(/^0+(?=\d)/, '').length > MAX_DIGITS)
    throw invalidQuery(parameter, 'the number is too large');
  return Number(value);
}
