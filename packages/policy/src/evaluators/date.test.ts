import { describe, expect, it } from 'vitest';
import { PolicyEngine } from '../engine.ts';
import { PolicyErrorCode } from '../errors.ts';
import { expectPolicyError } from '../../test/helpers.ts';
import type { PolicyConfig } from '../types.ts';

const utc = new PolicyEngine({ timeZone: 'UTC' });
const january = { type: 'date', start: '2024-01-10', end: '2024-01-20' };

describe('date policy', () => {
  it.each([
    ['the day before the start, last second', '2024-01-09T23:59:59.999Z', false],
    ['the start day, first millisecond', '2024-01-10T00:00:00.000Z', true],
    ['a day in between', '2024-01-15T12:00:00Z', true],
    ['the end day, last millisecond', '2024-01-20T23:59:59.999Z', true],
    ['the day after the end, first millisecond', '2024-01-21T00:00:00.000Z', false],
  ])('on %s (%s) → %s', async (_label, dateTime, expected) => {
    await expect(utc.evaluate(january, { dateTime })).resolves.toBe(expected);
  });

  it.each([
    ['only a start', { type: 'date', start: '2024-01-10' }, '2030-01-01T00:00:00Z', true],
    ['only a start', { type: 'date', start: '2024-01-10' }, '2024-01-09T12:00:00Z', false],
    ['only an end', { type: 'date', end: '2024-01-10' }, '1999-01-01T00:00:00Z', true],
    ['only an end', { type: 'date', end: '2024-01-10' }, '2024-01-11T00:00:00Z', false],
    ['no bounds', { type: 'date' }, '2024-01-11T00:00:00Z', true],
    ['null bounds', { type: 'date', start: null, end: null }, '2024-01-11T00:00:00Z', true],
    ['a single day', { type: 'date', start: '2024-02-29', end: '2024-02-29' }, '2024-02-29T18:00:00Z', true],
    ['a single day', { type: 'date', start: '2024-02-29', end: '2024-02-29' }, '2024-03-01T00:00:00Z', false],
  ])('with %s %j at %s → %s', async (_label, config, dateTime, expected) => {
    await expect(utc.evaluate(config, { dateTime })).resolves.toBe(expected);
  });

  it('takes the calendar day in the engine’s time zone', async () => {
    // 2024-01-09T20:00Z is Jan 10 10:00 in Kiritimati (UTC+14) but Jan 9 12:00 in Los Angeles.
    const dateTime = '2024-01-09T20:00:00Z';
    await expect(
      new PolicyEngine({ timeZone: 'Pacific/Kiritimati' }).evaluate(january, { dateTime }),
    ).resolves.toBe(true);
    await expect(
      new PolicyEngine({ timeZone: 'America/Los_Angeles' }).evaluate(january, { dateTime }),
    ).resolves.toBe(false);
    await expect(utc.evaluate(january, { dateTime })).resolves.toBe(false);
  });

  it('uses the process time zone by default', async () => {
    const engine = new PolicyEngine();
    await expect(engine.evaluate(january, { dateTime: new Date(2024, 0, 10, 0, 0, 0) })).resolves.toBe(true);
    await expect(engine.evaluate(january, { dateTime: new Date(2024, 0, 9, 23, 59, 59) })).resolves.toBe(
      false,
    );
    await expect(engine.evaluate(january, { dateTime: new Date(2024, 0, 20, 23, 59, 59) })).resolves.toBe(
      true,
    );
    await expect(engine.evaluate(january, { dateTime: new Date(2024, 0, 21, 0, 0, 0) })).resolves.toBe(false);
  });

  it('takes an instant bound’s calendar day in the time zone', async () => {
    // 2024-01-09T20:00Z is already January 10 in Kiritimati.
    const config = { type: 'date', start: '2024-01-09T20:00:00Z' };
    const kiritimati = new PolicyEngine({ timeZone: 'Pacific/Kiritimati' });
    await expect(kiritimati.evaluate(config, { dateTime: '2024-01-09T10:00:00Z' })).resolves.toBe(true);
    await expect(kiritimati.evaluate(config, { dateTime: '2024-01-09T09:59:59Z' })).resolves.toBe(false);
    const epochMs = { type: 'date', end: Date.UTC(2024, 0, 10, 12) };
    await expect(utc.evaluate(epochMs, { dateTime: '2024-01-10T23:59:59Z' })).resolves.toBe(true);
    await expect(utc.evaluate(epochMs, { dateTime: '2024-01-11T00:00:00Z' })).resolves.toBe(false);
  });

  it('accepts the moment as Date, epoch milliseconds or string, and defaults to now', async () => {
    await expect(utc.evaluate(january, { dateTime: new Date('2024-01-12T00:00:00Z') })).resolves.toBe(true);
    await expect(utc.evaluate(january, { dateTime: Date.UTC(2024, 0, 12) })).resolves.toBe(true);
    await expect(utc.evaluate({ type: 'date', end: '2000-01-01' })).resolves.toBe(false);
    await expect(utc.evaluate({ type: 'date', start: '2000-01-01', end: '9999-12-31' })).resolves.toBe(true);
  });

  it('can be inverted', async () => {
    const inverted = { ...january, invert: true };
    await expect(utc.evaluate(inverted, { dateTime: '2024-01-15T00:00:00Z' })).resolves.toBe(false);
    await expect(utc.evaluate(inverted, { dateTime: '2024-01-21T00:00:00Z' })).resolves.toBe(true);
  });

  it.each(['2024-02-29', '2024-12-31', '2024-01-10T08:00:00Z', '2024-01-10T08:00:00+02:00', 1704844800000])(
    'accepts the bound %j',
    async (start) => {
      await expect(utc.evaluate({ type: 'date', start }, { dateTime: '2100-01-01T00:00:00Z' })).resolves.toBe(
        true,
      );
    },
  );

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-13-01',
    '2024-00-10',
    '24-01-10',
    '2024-1-10',
    'tomorrow',
    '',
    1.5,
    true,
  ])('rejects the bound %j', async (start) => {
    await expectPolicyError(
      utc.evaluate({ type: 'date', start } as PolicyConfig),
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      ['start'],
    );
  });
});
