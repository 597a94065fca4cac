import { describe, expect, it } from 'vitest';
import { dayOfWeek, dayOfYear, epochDay, fromEpochDay, isValidTimeZone, wallClock } from './wall-clock.ts';

describe('wallClock', () => {
  const instant = new Date('2024-01-06T23:30:15Z');

  it.each([
    ['UTC', { year: 2024, month: 1, day: 6, hour: 23, minute: 30, second: 15 }],
    ['Europe/Berlin', { year: 2024, month: 1, day: 7, hour: 0, minute: 30, second: 15 }],
    ['Pacific/Kiritimati', { year: 2024, month: 1, day: 7, hour: 13, minute: 30, second: 15 }],
    ['America/Los_Angeles', { year: 2024, month: 1, day: 6, hour: 15, minute: 30, second: 15 }],
  ])('reads the clock in %s', (timeZone, expected) => {
    expect(wallClock(instant, timeZone)).toEqual(expected);
  });

  it('reads midnight as hour 0, not 24', () => {
    expect(wallClock(new Date('2024-03-01T00:00:00Z'), 'UTC')).toMatchObject({ day: 1, hour: 0 });
  });

  it('follows daylight saving time', () => {
    // Los Angeles switches to PDT (UTC-7) at 2024-03-10 02:00 local.
    expect(wallClock(new Date('2024-03-10T09:59:59Z'), 'America/Los_Angeles')).toMatchObject({
      hour: 1,
      minute: 59,
    });
    expect(wallClock(new Date('2024-03-10T10:00:00Z'), 'America/Los_Angeles')).toMatchObject({
      hour: 3,
      minute: 0,
    });
  });

  it('uses the process time zone without one', () => {
    const local = new Date(2024, 6, 14, 5, 6, 7);
    expect(wallClock(local)).toEqual({ year: 2024, month: 7, day: 14, hour: 5, minute: 6, second: 7 });
  });
});

describe('calendar arithmetic', () => {
  it.each([
    [1970, 1, 1, 4],
    [2024, 1, 6, 6],
    [2024, 1, 7, 0],
    [2024, 1, 1, 1],
    [2000, 2, 29, 2],
  ])('%i-%i-%i is weekday %i', (year, month, day, weekday) => {
    expect(dayOfWeek(year, month, day)).toBe(weekday);
  });

  it.each([
    [2024, 1, 1, 1],
    [2024, 3, 1, 61],
    [2023, 3, 1, 60],
    [2023, 12, 31, 365],
    [2024, 12, 30, 365],
    [2024, 12, 31, 366],
  ])('%i-%i-%i is day %i of the year', (year, month, day, expected) => {
    expect(dayOfYear(year, month, day)).toBe(expected);
  });

  it('round-trips day numbers', () => {
    expect(epochDay(1970, 1, 1)).toBe(0);
    expect(fromEpochDay(epochDay(2024, 2, 29))).toEqual({ year: 2024, month: 2, day: 29 });
    expect(fromEpochDay(epochDay(2024, 3, 1) - 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(epochDay(50, 1, 1)).toBeLessThan(epochDay(1950, 1, 1));
  });

  it('knows valid time zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
