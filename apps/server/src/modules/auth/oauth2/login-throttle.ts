import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { HttpError } from '#platform/http/errors.ts';
import { loginFailures } from '../db/tokens.ts';

export interface ThrottleLimits {
  /** Failed attempts allowed per account within the window. */
  perAccount: number;
  /** Failed attempts allowed per client address within the window. */
  perAddress: number;
  windowSeconds: number;
}

/** One row of `auth_login_failures` as the throttle reads it. */
interface FailureCounter {
  key: string;
  count: number;
  window_started_at: string;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 30, windowSeconds: 900 };

/**
 * Slows down password guessing: after too many failed sign-ins for one account, or from one address,
 * within a window, further attempts are refused until the window has passed. Counters live in the
 * database so every replica sees the same numbers.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
  ) {}

  /**
   * Throws a 429 when an account key or the address has used up its attempts (one query). Resolves
   * to whether any of the accounts has failures on record, i.e. whether a success needs to reset one.
   */
  async assertAllowed(account: string | readonly string[], address: string): Promise<boolean> {
    const rows = await this.db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, this.keysOf(account, address)));
    return this.assertCounters(rows, account, address);
  }

  /**
   * A column with the counters `assertAllowed` reads, for a query that fetches the account anyway, so
   * a sign-in needs one round trip less. The account key may be an SQL expression over the row
   * (`'user:' || id`). Pass its value to `assertCounters`.
   */
  countersColumn(account: SQL, address: string): SQL<unknown> {
    return sql`(select coalesce(json_agg(json_build_object('key', ${loginFailures.key}, 'count', ${loginFailures.count}, 'window_started_at', ${loginFailures.window_started_at})), '[]'::json) from ${loginFailures} where ${loginFailures.key} = ${account} or ${loginFailures.key} = ${`address:${address}`})`;
  }

  /** `assertAllowed` on counters read already (`countersColumn`). */
  assertCounters(counters: unknown, account: string | readonly string[], address: string): boolean {
    const rows = (typeof counters === 'string' ? JSON.parse(counters) : (counters ?? [])) as FailureCounter[];
    const keys = new Set(this.keysOf(account, address));
    const now = Date.now();
    for (const row of rows) {
      if (!keys.has(row.key)) continue;
      const limit = row.key.startsWith('account:') ? this.limits.perAccount : this.limits.perAddress;
      const endsAt = Date.parse(row.window_started_at) + this.limits.windowSeconds * 1000;
      if (endsAt > now && row.count >= limit) {
        const minutes = Math.max(1, Math.ceil((endsAt - now) / 60_000));
        throw new HttpError(
          429,
          'too_many_attempts',
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
    return rows.some((row) => keys.has(row.key) && row.key.startsWith('account:'));
  }

  private keysOf(account: string | readonly string[], address: string): string[] {
    const accounts = typeof account === 'string' ? [account] : account;
    return [...accounts.map((name) => `account:${name}`), `address:${address}`];
  }

  async recordFailure(account: string | readonly string[], address: string): Promise<void> {
    const windowStart = new Date(Date.now() - this.limits.windowSeconds * 1000).toISOString();
    const now = new Date().toISOString();
    const accounts = typeof account === 'string' ? [account] : account;
    for (const key of [...accounts.map((name) => `account:${name}`), `address:${address}`]) {
      // A window that has passed starts over at 1; otherwise the count goes up by one.
      await this.db
        .insert(loginFailures)
        .values({ key, count: 1, window_started_at: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.window_started_at} < ${windowStart} then 1 else ${loginFailures.count} + 1 end`,
            window_started_at: sql`case when ${loginFailures.window_started_at} < ${windowStart} then ${now}::timestamptz else ${loginFailures.window_started_at} end`,
          },
        });
    }
  }

  async recordSuccess(account: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, `account:${account}`));
  }
}
