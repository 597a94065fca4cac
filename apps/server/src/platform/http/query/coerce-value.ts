import { invalidQuery } from '../errors.ts';
import type { ColumnKind } from './column-kind.ts';
import { quote } from './quote.ts';
import type { FilterScalar } from './types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^[+-]?\d{1,20}$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d{1,3})?$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const INTEGER_RANGE: Record<'int2' | 'int4' | 'int53' | 'int64', readonly [bigint, bigint]> = {
  int2: [-32768n, 32767n],
  int4: [-2147483648n, 2147483647n],
  int53: [BigInt(Number.MIN_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER)],
  int64: [-9223372036854775808n, 9223372036854775807n],
};

export interface CoercionTarget {
  /** Shown in messages, e.g. `id` or `realm.name`. */
  label: string;
  kind: ColumnKind;
  enumValues?: readonly string[] | undefined;
}

/**
 * Reads one filter value for a column, or throws a 400 naming the parameter. The result is what the
 * Drizzle column expects as a bound parameter, so no value ever reaches PostgreSQL in a form that would
 * make it fail with a type error.
 */
export function coerceFilterValue(parameter: string, raw: string, target: CoercionTarget): FilterScalar {
  const fail = (expected: string) =>
    invalidQuery(parameter, `${quote(raw)} is not ${expected} (field ${target.label})`);

  switch (target.kind) {
    case 'text':
      return raw;
    case 'uuid':
      if (!UUID.test(raw)) throw fail('a valid UUID');
      return raw.toLowerCase();
    case 'enum':
      if (!target.enumValues?.includes(raw)) {
        throw fail(`one of ${(target.enumValues ?? []).join(', ')}`);
      }
      return raw;
    case 'boolean': {
      const lower = raw.toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
      throw fail('true or false');
    }
    case 'int2':
    case 'int4':
    case 'int53':
    case 'int64': {
      if (!INTEGER.test(raw)) throw fail('an integer');
      const value = BigInt(raw);
      const [min, max] = INTEGER_RANGE[target.kind];
      if (value < min || value > max) throw fail(`an integer between ${min} and ${max}`);
      // 64-bit values travel as decimal strings; JavaScript numbers cannot hold them exactly.
      return target.kind === 'int64' ? value.toString() : Number(value);
    }
    case 'float': {
      const value = Number(raw);
      if (raw.length > 64 || !FLOAT.test(raw) || !Number.isFinite(value)) throw fail('a number');
      return value;
    }
    case 'numeric':
      if (raw.length > 100 || !DECIMAL.test(raw)) throw fail('a decimal number');
      return raw;
    case 'timestamp':
    case 'timestampString': {
      const iso = normalizeTimestamp(raw);
      if (iso === undefined) throw fail('an ISO-8601 date or timestamp');
      return target.kind === 'timestamp' ? new Date(iso.millis) : iso.text;
    }
    case 'date':
    case 'dateString': {
      const match = DATE_ONLY.exec(raw);
      if (!match || !isValidDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
        throw fail('a date (YYYY-MM-DD)');
      }
      return target.kind === 'date' ? new Date(`${raw}T00:00:00.000Z`) : raw;
    }
    case 'unsupported':
      throw invalidQuery(parameter, `the field ${target.label} cannot be filtered`);
  }
}

function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/**
 * Accepts `YYYY-MM-DD`, `YYYY-MM-DDTHH:mm[:ss[.ffffff]]` with an optional `Z` or `±HH[:MM]` zone.
 * A value without a zone is read as UTC so the result never depends on the server's time zone.
 */
function normalizeTimestamp(raw: string): { millis: number; text: string } | undefined {
  const match = TIMESTAMP.exec(raw);
  if (!match) return undefined;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] = match;
  if (!isValidDate(Number(year), Number(month), Number(day))) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;

  let offset = 'Z';
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = digits.slice(0, 2);
    const minutes = digits.slice(2) || '00';
    if (Number(hours) > 23 || Number(minutes) > 59) return undefined;
    offset = `${zone[0]}${hours}:${minutes}`;
  }
  const date = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
  const millis = Date.parse(`${date}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`);
  if (Number.isNaN(millis)) return undefined;
  return { millis, text: `${date}${fraction ? `.${fraction}` : ''}${offset}` };
}
