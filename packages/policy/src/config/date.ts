import { z } from 'zod';
import { invertSchema } from './common.ts';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD` into its parts when it names an existing day. */
export function parseCalendarDay(value: string): { year: number; month: number; day: number } | undefined {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && !leap ? 28 : daysInMonth)) return undefined;
  return { year, month, day };
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$/;

/** Whether a string is a date policy bound: a calendar day or an ISO 8601 date-time. */
export function isDateBound(value: string): boolean {
  if (parseCalendarDay(value) !== undefined) return true;
  return ISO_DATE_TIME.test(value) && Number.isFinite(Date.parse(value));
}

const DATE_BOUND_MESSAGE =
  'A date must be a calendar day (YYYY-MM-DD), an ISO 8601 date-time or epoch milliseconds.';

const DateBoundSchema = z.union(
  [z.string().refine(isDateBound, DATE_BOUND_MESSAGE), z.number().int()],
  DATE_BOUND_MESSAGE,
);

/**
 * Passes on the calendar days from `start` to `end`, both inclusive, in the engine's time zone.
 * A bound is a calendar day (`YYYY-MM-DD`, taken as is), or an instant (ISO 8601 date-time or epoch
 * milliseconds) whose calendar day in that time zone counts. A missing bound is open.
 */
export const DatePolicySchema = z.object({
  type: z.literal('date'),
  invert: invertSchema,
  start: DateBoundSchema.nullish(),
  end: DateBoundSchema.nullish(),
});

export type DatePolicy = z.input<typeof DatePolicySchema>;
