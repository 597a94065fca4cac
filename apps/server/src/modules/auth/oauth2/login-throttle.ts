import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import { loginFailures } from '../db/tokens.ts';

export interface ThrottleLimits {
  /** Failed attempts allowed per account within the window. */
  perAccount: number;
  /** Failed attempts allowed per client address within the window. */
  perAddress: number;
  windowSeconds: number;
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

  /** Throws a 429 when either key has used up its attempts. */
  async assertAllowed(account: string, address: string): Promise<void> {
    const now = Date.now();
    for (const [key, limit] of [
      [`account:${account}`, this.limits.perAccount],
      [`address:${address}`, this.limits.perAddress],
    ] as const) {
      const [row] = await this.db.select().from(loginFailures).where(eq(loginFailures.key, key));
      if (!row) continue;
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
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const windowStart = new Date(Date.now() - this.limits.windowSeconds * 1000).toISOString();
    const now = new Date().toISOString();
    for (const key of [`account:${account}`, `address:${address}`]) {
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
