import { invalidQuery } from '../errors.ts';
import type { ResourceQuery } from './definition.ts';
import type { RawEntry } from './raw-input.ts';
import type { ParsedPage } from './types.ts';

/** Ten digits hold any sensible offset; longer input is refused rather than parsed. */
const MAX_DIGITS = 10;

/** Parses `page[limit]` and `page[offset]`. */
export function parsePage(entries: readonly RawEntry[], definition: ResourceQuery): ParsedPage {
  let limit = definition.defaultLimit;
  let offset = 0;

  for (const entry of entries) {
    const [key, ...deeper] = entry.path;
    if ((key !== 'limit' && key !== 'offset') || deeper.length > 0) {
      throw invalidQuery(entry.parameter, 'use page[limit] or page[offset]');
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
  return { limit, offset };
}

function readCount(parameter: string, raw: string): number | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  if (!/^\d+$/.test(value)) throw invalidQuery(parameter, 'must be a non-negative integer');
  if (value.replace(/^0+(?=\d)/, '').length > MAX_DIGITS)
    throw invalidQuery(parameter, 'the number is too large');
  return Number(value);
}
