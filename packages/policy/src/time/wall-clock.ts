/** Calendar date and time of day of an instant, as read on a clock in some time zone. */
export type WallClock = {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA time zone name this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall clock of `date` in `timeZone`, or in the process's time zone when none is given (read
 * through the Date getters, which follow `TZ`).
 */
export function wallClock(date: Date, timeZone?: string): WallClock {
  if (timeZone === undefined) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
    };
  }

  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(date)) {
    switch (part.type) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        clock[part.type] = Number(part.value);
        break;
      default:
        break;
    }
  }
  return clock;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date (proleptic Gregorian, no time zone involved). */
export function epochDay(year: number, month: number, day: number): number {
  // setUTCFullYear, unlike Date.UTC, does not map the years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.floor(date.getTime() / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, of a day number of `epochDay`. */
export function weekdayOfEpochDay(value: number): number {
  // 1970-01-01 was a Thursday (4).
  return (((value + 4) % 7) + 7) % 7;
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(year: number, month: number, day: number): number {
  return weekdayOfEpochDay(epochDay(year, month, day));
}

/** 1 = January 1st … 365, or 366 on December 31st of a leap year. */
export function dayOfYear(year: number, month: number, day: number): number {
  return epochDay(year, month, day) - epochDay(year, 1, 1) + 1;
}

/** The calendar date of a day number of `epochDay`. */
export function fromEpochDay(value: number): { year: number; month: number; day: number } {
  const date = new Date(value * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
