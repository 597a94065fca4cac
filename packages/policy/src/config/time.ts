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
 * One weekday (0 = Sunday … 6 = Saturday) or a list of them (`[1, 2, 3, 4, 5]`: Monday to Friday).
 * A single number is what earlier versions stored; it keeps its meaning.
 */
const DayOfWeekSchema = z.union([
  z
    .number()
    .int('dayOfWeek must be a whole number.')
    .min(0, 'dayOfWeek must be between 0 and 6.')
    .max(6, 'dayOfWeek must be between 0 and 6.'),
  z
    .array(
      z
        .number()
        .int('Each day of the week must be a whole number.')
        .min(0, 'Each day of the week must be between 0 and 6.')
        .max(6, 'Each day of the week must be between 0 and 6.'),
    )
    .min(1, 'Choose at least one day of the week.')
    .max(7, 'A week has seven days.')
    .refine((days) => new Set(days).size === days.length, 'Each day of the week may be chosen once.'),
]);

/**
 * Passes during a window of the day, in the engine's time zone. `start` defaults to 00:00:00 and
 * `end` to 23:59:59; both are inclusive, and an end without seconds includes its whole minute. A
 * start after the end spans midnight (22:00-02:00). With an interval, the day the window starts
 * on must also match: weekly checks dayOfWeek (0 = Sunday … 6 = Saturday, one day or a list); monthly also
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
  dayOfWeek: DayOfWeekSchema.nullish(),
  dayOfMonth: dayField('dayOfMonth', 1, 31),
  dayOfYear: dayField('dayOfYear', 1, 366),
});

export type TimePolicy = z.input<typeof TimePolicySchema>;
