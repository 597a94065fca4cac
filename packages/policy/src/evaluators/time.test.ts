import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { expectPolicyError } from '../../test/helpers.ts';
import type { PolicyConfig } from '../types.ts';

const utc = new PolicyEngine({ timeZone: 'UTC' });
const time = (config: Record<string, unknown>): PolicyConfig => ({ type: 'time', ...config });

// Reference days (UTC): 2024-01-05 Friday, 2024-01-06 Saturday, 2024-01-07 Sunday, 2024-01-08 Monday.
describe('time policy: window of the day', () => {
  it.each([
    // config, moment (UTC), expected
    [{ start: '08:00', end: '17:00' }, '2024-01-08T07:59:59.999Z', false],
    [{ start: '08:00', end: '17:00' }, '2024-01-08T08:00:00Z', true],
    [{ start: '08:00', end: '17:00' }, '2024-01-08T12:00:00Z', true],
    [{ start: '08:00', end: '17:00' }, '2024-01-08T17:00:59.999Z', true],
    [{ start: '08:00', end: '17:00' }, '2024-01-08T17:01:00Z', false],
    [{ start: '08:00:30', end: '17:00:30' }, '2024-01-08T08:00:29Z', false],
    [{ start: '08:00:30', end: '17:00:30' }, '2024-01-08T08:00:30Z', true],
    [{ start: '08:00:30', end: '17:00:30' }, '2024-01-08T17:00:30.999Z', true],
    [{ start: '08:00:30', end: '17:00:30' }, '2024-01-08T17:00:31Z', false],
    [{ start: '12:00' }, '2024-01-08T11:59:59Z', false],
    [{ start: '12:00' }, '2024-01-08T23:59:59.999Z', true],
    [{ end: '12:00' }, '2024-01-08T00:00:00Z', true],
    [{ end: '12:00' }, '2024-01-08T12:01:00Z', false],
    [{}, '2024-01-08T00:00:00Z', true],
    [{}, '2024-01-08T23:59:59.999Z', true],
    [{ start: null, end: null }, '2024-01-08T03:00:00Z', true],
    [{ start: '00:00', end: '23:59' }, '2024-01-08T23:59:59Z', true],
    [{ start: '12:00', end: '12:00' }, '2024-01-08T12:00:59Z', true],
    [{ start: '12:00', end: '12:00' }, '2024-01-08T12:01:00Z', false],
    [{ start: '12:00:00', end: '12:00:00' }, '2024-01-08T12:00:01Z', false],
  ])('%j at %s → %s', async (config, dateTime, expected) => {
    await expect(utc.evaluate(time(config), { dateTime })).resolves.toBe(expected);
  });
});

describe('time policy: a window spanning midnight', () => {
  const night = { start: '22:00', end: '02:00' };

  it.each([
    ['2024-01-08T21:59:59Z', false],
    ['2024-01-08T22:00:00Z', true],
    ['2024-01-08T23:59:59Z', true],
    ['2024-01-09T00:00:00Z', true],
    ['2024-01-09T02:00:59Z', true],
    ['2024-01-09T02:01:00Z', false],
    ['2024-01-09T12:00:00Z', false],
  ])('22:00-02:00 at %s → %s', async (dateTime, expected) => {
    await expect(utc.evaluate(time(night), { dateTime })).resolves.toBe(expected);
  });

  it.each([
    ['Friday 23:00', '2024-01-05T23:00:00Z', true],
    ['Saturday 01:00 (window opened Friday)', '2024-01-06T01:00:00Z', true],
    ['Friday 01:00 (window opened Thursday)', '2024-01-05T01:00:00Z', false],
    ['Saturday 23:00', '2024-01-06T23:00:00Z', false],
  ])('weekly on Friday, at %s (%s) → %s', async (_label, dateTime, expected) => {
    await expect(
      utc.evaluate(time({ ...night, interval: 'weekly', dayOfWeek: 5 }), { dateTime }),
    ).resolves.toBe(expected);
  });

  it('counts the part after midnight on the 1st to the last day of the previous month', async () => {
    const config = time({ ...night, interval: 'monthly', dayOfMonth: 31 });
    await expect(utc.evaluate(config, { dateTime: '2024-02-01T01:00:00Z' })).resolves.toBe(true);
    await expect(utc.evaluate(config, { dateTime: '2024-01-31T01:00:00Z' })).resolves.toBe(false);
  });
});

describe('time policy: days', () => {
  it.each([
    // interval and day fields, moment (UTC), expected
    [{ interval: 'weekly', dayOfWeek: 0 }, '2024-01-07T12:00:00Z', true], // Sunday
    [{ interval: 'weekly', dayOfWeek: 0 }, '2024-01-08T12:00:00Z', false], // Monday
    [{ interval: 'weekly', dayOfWeek: 0 }, '2024-01-06T12:00:00Z', false], // Saturday
    [{ interval: 'weekly', dayOfWeek: 6 }, '2024-01-06T12:00:00Z', true], // Saturday
    [{ interval: 'weekly', dayOfWeek: 6 }, '2024-01-05T12:00:00Z', false], // Friday
    [{ interval: 'weekly', dayOfWeek: 1 }, '2024-01-08T00:00:00Z', true], // Monday, first second
    [{ interval: 'weekly', dayOfWeek: 1 }, '2024-01-07T23:59:59Z', false], // Sunday, last second
    [{ interval: 'weekly' }, '2024-01-07T12:00:00Z', true],
    [{ interval: 'weekly', dayOfMonth: 5 }, '2024-01-06T12:00:00Z', true], // weekly ignores dayOfMonth
    [{ interval: 'monthly', dayOfMonth: 1 }, '2024-02-01T12:00:00Z', true],
    [{ interval: 'monthly', dayOfMonth: 1 }, '2024-02-02T12:00:00Z', false],
    [{ interval: 'monthly', dayOfMonth: 31 }, '2024-01-31T12:00:00Z', true],
    [{ interval: 'monthly', dayOfMonth: 31 }, '2024-04-30T12:00:00Z', false],
    [{ interval: 'monthly', dayOfMonth: 1, dayOfWeek: 1 }, '2024-01-01T12:00:00Z', true], // a Monday
    [{ interval: 'monthly', dayOfMonth: 1, dayOfWeek: 1 }, '2024-02-01T12:00:00Z', false], // a Thursday
    [{ interval: 'monthly', dayOfYear: 2 }, '2024-01-01T12:00:00Z', true], // monthly ignores dayOfYear
    [{ interval: 'yearly', dayOfYear: 1 }, '2024-01-01T00:00:00Z', true],
    [{ interval: 'yearly', dayOfYear: 1 }, '2023-12-31T23:59:59Z', false],
    [{ interval: 'yearly', dayOfYear: 366 }, '2024-12-31T12:00:00Z', true], // leap year
    [{ interval: 'yearly', dayOfYear: 366 }, '2023-12-31T12:00:00Z', false], // day 365
    [{ interval: 'yearly', dayOfYear: 365 }, '2023-12-31T12:00:00Z', true],
    [{ interval: 'yearly', dayOfYear: 365 }, '2024-12-30T12:00:00Z', true],
    [{ interval: 'yearly', dayOfYear: 365 }, '2024-12-31T12:00:00Z', false],
    [{ interval: 'yearly', dayOfYear: 60 }, '2024-02-29T12:00:00Z', true],
    [{ interval: 'yearly', dayOfYear: 60, dayOfMonth: 1 }, '2024-02-29T12:00:00Z', false],
    [{ interval: 'daily', dayOfWeek: 3, dayOfMonth: 9, dayOfYear: 9 }, '2024-01-07T12:00:00Z', true],
    [{ dayOfWeek: 3 }, '2024-01-07T12:00:00Z', true], // no interval: day fields unused
    [{ interval: 'weekly', dayOfWeek: 0, start: '09:00', end: '10:00' }, '2024-01-07T10:30:00Z', false],
  ])('%j at %s → %s', async (config, dateTime, expected) => {
    await expect(utc.evaluate(time(config), { dateTime })).resolves.toBe(expected);
  });
});

describe('time policy: several weekdays', () => {
  const workdays = time({ interval: 'weekly', dayOfWeek: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' });

  it.each([
    ['Monday 08:00', '2024-01-08T08:00:00Z', true],
    ['Friday 12:00', '2024-01-05T12:00:00Z', true],
    ['Friday 18:01', '2024-01-05T18:01:00Z', false],
    ['Saturday 12:00', '2024-01-06T12:00:00Z', false],
    ['Sunday 12:00', '2024-01-07T12:00:00Z', false],
  ])('Monday to Friday, 08:00-18:00, at %s (%s) → %s', async (_label, dateTime, expected) => {
    await expect(utc.evaluate(workdays, { dateTime })).resolves.toBe(expected);
  });

  it('keeps the single weekday of earlier versions, and the weekend as a list', async () => {
    const saturday = '2024-01-06T12:00:00Z';
    await expect(
      utc.evaluate(time({ interval: 'weekly', dayOfWeek: 6 }), { dateTime: saturday }),
    ).resolves.toBe(true);
    const weekend = time({ interval: 'weekly', dayOfWeek: [6, 0] });
    await expect(utc.evaluate(weekend, { dateTime: saturday })).resolves.toBe(true);
    await expect(utc.evaluate(weekend, { dateTime: '2024-01-08T12:00:00Z' })).resolves.toBe(false);
  });

  it.each([[[]], [[1, 7]], [[1, 1]], [[1.5]], [['1']]])('rejects the weekday list %j', async (dayOfWeek) => {
    await expectPolicyError(
      utc.evaluate(time({ interval: 'weekly', dayOfWeek })),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
    );
  });
});

describe('time policy: time zones', () => {
  const morning = time({ start: '09:00', end: '10:00' });
  const instant = '2024-01-06T09:30:00Z'; // a Saturday

  it.each([
    ['UTC', true],
    ['Europe/Berlin', false], // 10:30
    ['Pacific/Kiritimati', false], // 23:30
    ['America/Los_Angeles', false], // 01:30
    ['Asia/Kolkata', false], // 15:00
  ])('09:00-10:00 at 09:30Z in %s → %s', async (timeZone, expected) => {
    await expect(new PolicyEngine({ timeZone }).evaluate(morning, { dateTime: instant })).resolves.toBe(
      expected,
    );
  });

  it('takes the weekday in the time zone', async () => {
    const sunday = time({ interval: 'weekly', dayOfWeek: 0 });
    const kiritimati = new PolicyEngine({ timeZone: 'Pacific/Kiritimati' });
    // Saturday 10:00 UTC is Sunday 00:00 in Kiritimati (UTC+14); 09:59:59 is still Saturday there.
    await expect(utc.evaluate(sunday, { dateTime: '2024-01-06T10:00:00Z' })).resolves.toBe(false);
    await expect(kiritimati.evaluate(sunday, { dateTime: '2024-01-06T10:00:00Z' })).resolves.toBe(true);
    await expect(kiritimati.evaluate(sunday, { dateTime: '2024-01-06T09:59:59Z' })).resolves.toBe(false);
  });

  it('follows daylight saving time', async () => {
    const engine = new PolicyEngine({ timeZone: 'America/Los_Angeles' });
    const early = time({ start: '03:00', end: '04:00' });
    // 10:30Z on 2024-03-10 is 03:30 PDT; the day before it was 02:30 PST.
    await expect(engine.evaluate(early, { dateTime: '2024-03-10T10:30:00Z' })).resolves.toBe(true);
    await expect(engine.evaluate(early, { dateTime: '2024-03-09T10:30:00Z' })).resolves.toBe(false);
  });

  it('uses the process time zone by default', async () => {
    const engine = new PolicyEngine();
    const config = time({ start: '08:00', end: '17:00', interval: 'weekly', dayOfWeek: 0 });
    await expect(engine.evaluate(config, { dateTime: new Date(2024, 0, 7, 8, 0, 0) })).resolves.toBe(true);
    await expect(engine.evaluate(config, { dateTime: new Date(2024, 0, 7, 7, 59, 59) })).resolves.toBe(false);
    await expect(engine.evaluate(config, { dateTime: new Date(2024, 0, 7, 17, 0, 59) })).resolves.toBe(true);
    await expect(engine.evaluate(config, { dateTime: new Date(2024, 0, 8, 12, 0, 0) })).resolves.toBe(false);
  });
});

describe('time policy: inversion and validation', () => {
  it('can be inverted', async () => {
    const config = time({ start: '08:00', end: '17:00', invert: true });
    await expect(utc.evaluate(config, { dateTime: '2024-01-08T12:00:00Z' })).resolves.toBe(false);
    await expect(utc.evaluate(config, { dateTime: '2024-01-08T18:00:00Z' })).resolves.toBe(true);
  });

  it.each([
    [{ start: '00:00', end: '23:59:59' }],
    [{ start: '23:59' }],
    [{ interval: 'daily' }],
    [{ interval: 'weekly', dayOfWeek: 0 }],
    [{ interval: 'weekly', dayOfWeek: 6 }],
    [{ interval: 'monthly', dayOfMonth: 1 }],
    [{ interval: 'monthly', dayOfMonth: 31 }],
    [{ interval: 'yearly', dayOfYear: 1 }],
    [{ interval: 'yearly', dayOfYear: 366 }],
    [{ interval: null, dayOfWeek: null, dayOfMonth: null, dayOfYear: null }],
  ])('accepts %j', async (config) => {
    await expect(utc.evaluate(time(config), { dateTime: '2024-01-08T12:00:00Z' })).resolves.toBeTypeOf(
      'boolean',
    );
  });

  it.each([
    [{ start: '24:00' }, 'start'],
    [{ start: '23:60' }, 'start'],
    [{ start: '7:00' }, 'start'],
    [{ end: '07:00:60' }, 'end'],
    [{ end: '07:00:00.5' }, 'end'],
    [{ end: '7pm' }, 'end'],
    [{ start: 800 }, 'start'],
    [{ interval: 'hourly' }, 'interval'],
    [{ dayOfWeek: -1 }, 'dayOfWeek'],
    [{ dayOfWeek: 7 }, 'dayOfWeek'],
    [{ dayOfWeek: 1.5 }, 'dayOfWeek'],
    [{ dayOfWeek: '1' }, 'dayOfWeek'],
    [{ dayOfMonth: 0 }, 'dayOfMonth'],
    [{ dayOfMonth: 32 }, 'dayOfMonth'],
    [{ dayOfYear: 0 }, 'dayOfYear'],
    [{ dayOfYear: 367 }, 'dayOfYear'],
  ])('rejects %j', async (config, path) => {
    await expectPolicyError(utc.evaluate(time(config)), PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE, [path]);
  });
});
