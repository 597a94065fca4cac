import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's text form of a UTC timestamptz: date, time, optional fraction, "+00". */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/** PostgreSQL's text form of a timestamptz ("2026-11-22 03:45:36.751+00") as ISO-8601 ("...T03:45:36.751Z"). */
export function toIsoTimestamp(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  // Every row of every list passes through here: the usual UTC form is rewritten as text, which
  // is several times cheaper than a round trip through Date (same result: milliseconds, truncated).
  const utc = UTC_TEXT.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
}

/**
 * A `timestamp with time zone` column read and written as an ISO-8601 string, which is how the API
 * speaks time (docs/design.md §4). Drizzle's own string mode returns PostgreSQL's text form instead.
 */
export const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: toIsoTimestamp,
  toDriver: (value) => value,
});
