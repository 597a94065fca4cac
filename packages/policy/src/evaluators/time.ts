import { BuiltInPolicyType, TimeInterval } from '../constants.ts';
import { TimePolicySchema } from '../config/time.ts';
import { dayOfYear, epochDay, fromEpochDay, wallClock, weekdayOfEpochDay } from '../time/wall-clock.ts';
import { defineEvaluator } from './types.ts';

const LAST_SECOND_OF_DAY = 86_399;

/** Seconds since midnight; an end without seconds includes its whole minute. */
function secondOfDay(value: string, isEnd: boolean): number {
  const [hours = 0, minutes = 0, seconds] = value.split(':').map(Number);
  return hours * 3600 + minutes * 60 + (seconds ?? (isEnd ? 59 : 0));
}

type PreparedTime = {
  start: number;
  end: number;
  interval: TimeInterval | undefined;
  /** The weekdays the window may start on; undefined for any. */
  daysOfWeek: readonly number[] | undefined;
  dayOfMonth: number | undefined;
  dayOfYear: number | undefined;
};

/**
 * Compares the time of day and, with an interval, the day the window started on. Unlike the
 * original, dayOfWeek 0 (Sunday) is honoured and a start after the end spans midnight: then the
 * part after midnight belongs to the window of the previous day.
 */
export const timeEvaluator = defineEvaluator({
  type: BuiltInPolicyType.TIME,
  schema: TimePolicySchema,
  prepare: (config) => ({
    success: true,
    data: {
      start: config.start ? secondOfDay(config.start, false) : 0,
      end: config.end ? secondOfDay(config.end, true) : LAST_SECOND_OF_DAY,
      interval: config.interval ?? undefined,
      daysOfWeek:
        config.dayOfWeek == null
          ? undefined
          : typeof config.dayOfWeek === 'number'
            ? [config.dayOfWeek]
            : config.dayOfWeek,
      dayOfMonth: config.dayOfMonth ?? undefined,
      dayOfYear: config.dayOfYear ?? undefined,
    } satisfies PreparedTime,
  }),
  evaluate(config, context) {
    const clock = wallClock(context.now(), context.timeZone);
    const second = clock.hour * 3600 + clock.minute * 60 + clock.second;

    let windowDay = epochDay(clock.year, clock.month, clock.day);
    if (config.start <= config.end) {
      if (second < config.start || second > config.end) return false;
    } else if (second < config.start) {
      if (second > config.end) return false;
      windowDay -= 1;
    }

    if (config.interval === undefined || config.interval === TimeInterval.DAILY) return true;

    if (config.daysOfWeek !== undefined && !config.daysOfWeek.includes(weekdayOfEpochDay(windowDay))) {
      return false;
    }
    if (config.interval === TimeInterval.WEEKLY) return true;

    const { year, month, day } = fromEpochDay(windowDay);
    if (config.dayOfMonth !== undefined && day !== config.dayOfMonth) return false;
    if (config.interval === TimeInterval.MONTHLY) return true;

    return config.dayOfYear === undefined || dayOfYear(year, month, day) === config.dayOfYear;
  },
});
