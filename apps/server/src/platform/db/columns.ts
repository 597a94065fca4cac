import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's text form of a timestamptz ("2026-11-22 03:45:36.751+00") as ISO-8601 ("...T03:45:36.751Z"). */
export function toIsoTimestamp(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
}

/**
 * A `timestamp with time zone` column read and written as an ISO-8601 string, which is how the API
 * speaks time (DESIGN §4). Drizzle's own string mode returns PostgreSQL's text form instead.
 */
export const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: toIsoTimestamp,
  toDriver: (value) => value,
});
