import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { userWithPermissions } from '../telemetry.test-support.ts';
import { LOG_LEVELS } from './log-levels.ts';

interface LogBody {
  id: string;
  time: string;
  level: string;
  message: string;
  labels: Record<string, string>;
  realm_id: string | null;
}

const ANALYSIS = 'c0a5c4c9-1111-4a4a-8a8a-000000000001';
const OTHER_ANALYSIS = 'c0a5c4c9-1111-4a4a-8a8a-000000000002';

describe('telemetry logs', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;

  const write = (caller: Caller, body: Record<string, unknown>) => caller.post('/telemetry/logs', body);
  const list = async (
    caller: Caller,
    query: string,
  ): Promise<{ data: LogBody[]; meta: { total: number; limit: number; offset: number } }> => {
    const response = await caller.get(`/telemetry/logs?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
  });
  afterAll(() => ctx.close());

  it('writes a line at every level and refuses other levels', async () => {
    for (const level of LOG_LEVELS) {
      const response = await write(admin, {
        level,
        message: `a ${level} line`,
        labels: { analysis_id: ANALYSIS, step: 'levels' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ level, realm_id: masterId, channel: 'system' });
      expect(response.json().time).toMatch(/^\d{19}$/);
    }
    const wrong = await write(admin, { level: 'fatal', message: 'not a level', labels: {} });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe('level');

    const errors = await list(admin, 'filter[step]=levels&filter[level]=error,crit');
    expect(errors.data.map((line) => line.level).sort()).toEqual(['crit', 'error']);
    expect((await admin.get('/telemetry/logs?filter[level]=fatal')).statusCode).toBe(400);
  });

  it('stamps a line with the current time in nanoseconds when none is given', async () => {
    const before = BigInt(Date.now()) * 1_000_000n;
    const first = (await write(admin, { level: 'info', message: 'first', labels: { step: 'now' } })).json();
    const second = (await write(admin, { level: 'info', message: 'second', labels: { step: 'now' } })).json();
    const after = BigInt(Date.now() + 1) * 1_000_000n;
    expect(BigInt(first.time)).toBeGreaterThanOrEqual(before);
    expect(BigInt(second.time)).toBeGreaterThan(BigInt(first.time));
    expect(BigInt(second.time)).toBeLessThanOrEqual(after);
  });

  it('keeps nanosecond times beyond 2^53 exact and in order', async () => {
    // Both round to the same JavaScript number; as strings they stay distinct.
    expect(Number('1700000000000000001')).toBe(Number('1700000000000000002'));
    await write(admin, {
      time: '1700000000000000002',
      level: 'info',
      message: 'later',
      labels: { step: 'precision' },
    });
    await write(admin, {
      time: '1700000000000000001',
      level: 'info',
      message: 'earlier',
      labels: { step: 'precision' },
    });
    await write(admin, {
      time: '999999999999999999',
      level: 'info',
      message: 'earliest',
      labels: { step: 'precision' },
    });

    const ascending = await list(admin, 'filter[step]=precision');
    expect(ascending.data.map((line) => [line.time, line.message])).toEqual([
      ['999999999999999999', 'earliest'],
      ['1700000000000000001', 'earlier'],
      ['1700000000000000002', 'later'],
    ]);
    const descending = await list(admin, 'filter[step]=precision&sort=-time');
    expect(descending.data.map((line) => line.message)).toEqual(['later', 'earlier', 'earliest']);

    // Compared as numbers: as text, "999…" would sort after "1700…".
    const later = await list(admin, 'filter[step]=precision&filter[time]=>1700000000000000001');
    expect(later.data.map((line) => line.time)).toEqual(['1700000000000000002']);
    const upTo = await list(admin, 'filter[step]=precision&filter[time]=<=1700000000000000001');
    expect(upTo.data.map((line) => line.message)).toEqual(['earliest', 'earlier']);
    expect((await admin.get('/telemetry/logs?filter[time]=>soon')).statusCode).toBe(400);
  });

  it('refuses a time that cannot be exact', async () => {
    const unsafe = await write(admin, {
      time: 2 ** 60,
      level: 'info',
      message: 'lossy',
      labels: {},
    });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().issues[0]).toMatchObject({ path: 'time' });
    const safe = await write(admin, {
      time: 1700000000,
      level: 'info',
      message: 'small',
      labels: { step: 'safe' },
    });
    expect(safe.json().time).toBe('1700000000');
    expect((await write(admin, { time: '-1', level: 'info', message: 'negative' })).statusCode).toBe(400);
  });

  it('filters by labels, with or without the labels. prefix', async () => {
    await write(admin, {
      level: 'info',
      message: 'mine',
      labels: { analysis_id: ANALYSIS, node_id: 'n1', step: 'labels' },
    });
    await write(admin, {
      level: 'info',
      message: 'other',
      labels: { analysis_id: OTHER_ANALYSIS, step: 'labels' },
    });
    await write(admin, { level: 'info', message: 'unlabelled', labels: { step: 'labels' } });

    const prefixed = await list(admin, `filter[labels.analysis_id]=${ANALYSIS}&filter[step]=labels`);
    expect(prefixed.data.map((line) => line.message)).toEqual(['mine']);
    const nested = await list(admin, `filter[labels][analysis_id]=${ANALYSIS}&filter[labels][step]=labels`);
    expect(nested.data.map((line) => line.message)).toEqual(['mine']);
    const both = await list(admin, `filter[analysis_id]=${ANALYSIS},${OTHER_ANALYSIS}&filter[step]=labels`);
    expect(both.meta.total).toBe(2);
    const without = await list(admin, 'filter[analysis_id]=null&filter[step]=labels');
    expect(without.data.map((line) => line.message)).toEqual(['unlabelled']);
    const not = await list(admin, `filter[analysis_id]=!${ANALYSIS}&filter[step]=labels`);
    expect(not.data.map((line) => line.message)).toEqual(['other']);
    const like = await list(admin, 'filter[node_id]=~n&filter[step]=labels');
    expect(like.data.map((line) => line.message)).toEqual(['mine']);

    expect((await admin.get('/telemetry/logs?filter[node_id]=>n')).statusCode).toBe(400);
    expect((await admin.get('/telemetry/logs?filter[labels.bad-key]=x')).statusCode).toBe(400);
    const twice = await admin.get(`/telemetry/logs?filter[analysis_id]=a&filter[labels.analysis_id]=b`);
    expect(twice.statusCode).toBe(400);
    const badLabel = await write(admin, { level: 'info', message: 'bad label', labels: { 'no-dash': 'x' } });
    expect(badLabel.statusCode).toBe(400);
  });

  it('reads lines after the last one seen, as the analysis log view polls them', async () => {
    const times = ['1800000000000000010', '1800000000000000020', '1800000000000000030'];
    for (const time of times) {
      await write(admin, {
        time,
        level: 'info',
        message: `poll ${time}`,
        labels: { analysis_id: ANALYSIS, step: 'poll' },
      });
    }
    const first = await list(admin, `filter[analysis_id]=${ANALYSIS}&filter[step]=poll&page[limit]=2`);
    expect(first.meta.total).toBe(3);
    const last = first.data.at(-1)!.time;
    const rest = await list(admin, `filter[analysis_id]=${ANALYSIS}&filter[step]=poll&filter[time]=>${last}`);
    expect(rest.data.map((line) => line.time)).toEqual(['1800000000000000030']);
  });

  it('pages 50 lines by default and at most 100', async () => {
    const base = 1_900_000_000_000_000_000n;
    for (let index = 0; index < 120; index += 1) {
      await ctx.app.telemetry.writeLog({
        time: (base + BigInt(index)).toString(),
        level: 'debug',
        message: `line ${index}`,
        labels: { step: 'paging' },
        realm_id: masterId,
      });
    }
    const standard = await list(admin, 'filter[step]=paging');
    expect(standard.meta).toEqual({ total: 120, limit: 50, offset: 0 });
    expect(standard.data).toHaveLength(50);
    const largest = await list(admin, 'filter[step]=paging&page[limit]=1000&page[offset]=10');
    expect(largest.meta).toEqual({ total: 120, limit: 100, offset: 10 });
    expect(largest.data[0]!.message).toBe('line 10');
  });

  it('deletes the lines a filter matches and refuses an empty filter', async () => {
    for (const [time, analysis] of [
      ['2000000000000000001', ANALYSIS],
      ['2000000000000000002', ANALYSIS],
      ['2000000000000000003', OTHER_ANALYSIS],
    ] as const) {
      await write(admin, {
        time,
        level: 'info',
        message: 'to delete',
        labels: { analysis_id: analysis, step: 'delete' },
      });
    }
    const refused = await admin.delete('/telemetry/logs');
    expect(refused.statusCode).toBe(400);

    // A plain time is where deletion starts, as in the original.
    const fromTime = await admin.delete(
      `/telemetry/logs?filter[analysis_id]=${ANALYSIS}&filter[step]=delete&filter[time]=2000000000000000002`,
    );
    expect(fromTime.statusCode).toBe(202);
    expect(fromTime.json()).toEqual({ deleted: 1 });
    const deleted = await admin.delete(
      `/telemetry/logs?filter[labels.analysis_id]=${ANALYSIS}&filter[step]=delete`,
    );
    expect(deleted.json()).toEqual({ deleted: 1 });
    const left = await list(admin, 'filter[step]=delete');
    expect(left.data.map((line) => line.labels.analysis_id)).toEqual([OTHER_ANALYSIS]);
  });

  describe('access', () => {
    let acmeWriter: Caller;
    let acmeId: string;

    beforeAll(async () => {
      const acme = await userWithPermissions(ctx.app, admin, {
        realm: 'acme',
        name: 'acme-node',
        permissions: [P.LOG_CREATE, P.LOG_READ, P.LOG_DELETE],
      });
      acmeWriter = acme.caller;
      acmeId = acme.realmId;
    });

    it('needs a sign-in and the log permissions', async () => {
      expect((await ctx.app.inject({ url: '/telemetry/logs' })).statusCode).toBe(401);
      const { caller } = await userWithPermissions(ctx.app, admin, {
        realm: 'acme',
        name: 'acme-reader',
        permissions: [P.LOG_READ],
      });
      expect((await caller.get('/telemetry/logs')).statusCode).toBe(200);
      expect((await write(caller, { level: 'info', message: 'not allowed', labels: {} })).statusCode).toBe(
        403,
      );
      expect((await caller.delete('/telemetry/logs?filter[step]=x')).statusCode).toBe(403);
      const { caller: nobody } = await userWithPermissions(ctx.app, admin, {
        realm: 'acme',
        name: 'acme-stranger',
        permissions: [],
      });
      expect((await nobody.get('/telemetry/logs')).statusCode).toBe(403);
    });

    it('keeps each realm to its own lines', async () => {
      const mine = await write(acmeWriter, {
        level: 'warn',
        message: 'acme line',
        labels: { step: 'realms' },
      });
      expect(mine.statusCode).toBe(201);
      expect(mine.json().realm_id).toBe(acmeId);
      await write(admin, { level: 'warn', message: 'master line', labels: { step: 'realms' } });
      const elsewhere = await write(acmeWriter, {
        level: 'warn',
        message: 'into master',
        labels: { step: 'realms' },
        realm_id: masterId,
      });
      expect(elsewhere.statusCode).toBe(403);

      expect((await list(acmeWriter, 'filter[step]=realms')).data.map((line) => line.message)).toEqual([
        'acme line',
      ]);
      expect((await list(admin, 'filter[step]=realms')).meta.total).toBe(2);

      // A realm's delete reaches only its own lines.
      expect((await acmeWriter.delete('/telemetry/logs?filter[step]=realms')).json()).toEqual({ deleted: 1 });
      expect((await list(admin, 'filter[step]=realms')).data.map((line) => line.message)).toEqual([
        'master line',
      ]);
    });
  });
});
