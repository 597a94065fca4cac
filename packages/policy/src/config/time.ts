import { z } from 'zod';
import { TIME_INTERVALS } from '../constants.ts';
import { invertSchema } from './common.ts';

/** `HH:MM` or `HH:MM:SS`, 24-hour. */
export const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;

const TimeOfDaySchema = z.string().regex(TIME_OF_DAY, 'A time must be HH:MM or HH:MM:SS (24-hour).');

const dayField = (name: string, min: number, max: number) =>
  z
    .number()
    .int(`${name} must be a whole number.`)
    .min(min, `${name} must be between ${min} and ${max}.`)
    .max(max, `${name} must be between ${min} and ${max}.`)
    .nullish();

/**
 * Passes during a window of the day, in the engine's time zone. `start` defaults to 00:00:00 and
 * `end` to 23:59:59; both are inclusive, and an end without seconds includes its whole minute. A
 * start after the end spans midnight (22:00-02:00). With an interval, the day the window starts
 * on must also match: weekly checks dayOfWeek (0 = Sunday … 6 = Saturday); monthly also
 * dayOfMonth; yearly also dayOfYear (1-366). Unset day fields and daily intervals match any day.
 */
export const TimePolicySchema = z.object({
  type: z.literal('time'),
  invert: invertSchema,
  start: TimeOfDaySchema.nullish(),
  end: TimeOfDaySchema.nullish(),
  interval: z
    .enum(TIME_INTERVALS, { error: `The interval must be one of: ${TIME_INTERVALS.join(', ')}.` })
    .nullish(),
  dayOfWeek: dayField('dayOfWeek', 0, 6),
  dayOfMonth: dayField('dayOfMonth', 1, 31),
  dayOfYear: dayField('dayOfYear', 1, 366),
});

export type TimePolicy = z.input<typeof TimePolicySchema>;
