import { BuiltInPolicyType } from '../constants.ts';
import { DatePolicySchema, parseCalendarDay } from '../config/date.ts';
import { epochDay, wallClock } from '../time/wall-clock.ts';
import { defineEvaluator } from './types.ts';

/** A bound is either a fixed calendar day or an instant whose day depends on the time zone. */
type DateBound = { day: number } | { instant: Date };

function prepareBound(value: string | number | null | undefined): DateBound | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const parts = parseCalendarDay(value);
    if (parts) return { day: epochDay(parts.year, parts.month, parts.day) };
  }
  return { instant: new Date(value) };
}

function dayOf(date: Date, timeZone: string | undefined): number {
  const clock = wallClock(date, timeZone);
  return epochDay(clock.year, clock.month, clock.day);
}

function boundDay(bound: DateBound, timeZone: string | undefined): number {
  return 'day' in bound ? bound.day : dayOf(bound.instant, timeZone);
}

/** Compares calendar days: passes from the start day to the end day, both inclusive. */
export const dateEvaluator = defineEvaluator({
  type: BuiltInPolicyType.DATE,
  schema: DatePolicySchema,
  prepare: (config) => ({
    success: true,
    data: { start: prepareBound(config.start), end: prepareBound(config.end) },
  }),
  evaluate(config, context) {
    const today = dayOf(context.now(), context.timeZone);
    if (config.start && today < boundDay(config.start, context.timeZone)) return false;
    if (config.end && today > boundDay(config.end, context.timeZone)) return false;
    return true;
  },
});
