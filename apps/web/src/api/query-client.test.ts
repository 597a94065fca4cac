import { ClientError } from '@federa/client';
import { describe, expect, it } from 'vitest';
import { createQueryClient, shouldRetryQuery } from './query-client.ts';

const refusal = (statusCode: number) => new ClientError('no', { statusCode, code: 'forbidden' });

describe('query retries', () => {
  it.each([401, 403, 404])('never asks again after a %i', (status) => {
    expect(shouldRetryQuery(0, refusal(status))).toBe(false);
  });

  it('asks once more after a server or network failure, then stops', () => {
    expect(shouldRetryQuery(0, refusal(503))).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, refusal(503))).toBe(false);
  });

  it('shows a 403 after one request, without the retry delay', async () => {
    const client = createQueryClient();
    let calls = 0;
    const started = Date.now();
    await expect(
      client.fetchQuery({
        queryKey: ['refused'],
        queryFn: () => {
          calls += 1;
          return Promise.reject(refusal(403));
        },
      }),
    ).rejects.toThrow('no');
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(900);
  });
});
