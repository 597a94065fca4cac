import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExpirySweeper } from './expiry-sweeper.ts';

const quietLog = { error: () => undefined, info: () => undefined } as never;

describe('expiry sweeper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sweeps at start and then every interval until stopped', async () => {
    let sweeps = 0;
    const sweeper = new ExpirySweeper({ sweep: async () => ++sweeps, intervalMs: 1000, log: quietLog });
    sweeper.start();
    expect(sweeps).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sweeps).toBe(4);
    await sweeper.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sweeps).toBe(4);
  });

  it('never sweeps with an interval of 0', async () => {
    let sweeps = 0;
    const sweeper = new ExpirySweeper({ sweep: async () => ++sweeps, intervalMs: 0, log: quietLog });
    sweeper.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sweeps).toBe(0);
    await sweeper.stop();
  });

  it('does not start a sweep while one is running, and stop waits for it', async () => {
    let started = 0;
    let finish: () => void = () => undefined;
    const sweeper = new ExpirySweeper({
      sweep: () => {
        started += 1;
        return new Promise<number>((resolve) => {
          finish = () => resolve(0);
        });
      },
      intervalMs: 100,
      log: quietLog,
    });
    sweeper.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toBe(1);

    let stopped = false;
    const stopping = sweeper.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('reports a failed sweep and keeps going', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const sweeper = new ExpirySweeper({
      sweep: async () => {
        calls += 1;
        throw new Error('database unavailable');
      },
      intervalMs: 1000,
      log: { error: (context: unknown) => errors.push(context), info: () => undefined } as never,
    });
    sweeper.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(2);
    await sweeper.stop();
  });
});
