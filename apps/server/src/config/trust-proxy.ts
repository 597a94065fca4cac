import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which forwarded addresses to believe: none (`false`), those set by the last N proxies (a hop
 * count), or those set by the listed proxy addresses and networks. Every rate limit and sign-in
 * lock-out is keyed on the address this yields, so trusting every sender would let any client pick
 * its own address with `X-Forwarded-For`.
 */
export type TrustProxy = false | number | string[];

/** Address names proxy-addr understands besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export const TrustProxySchema = z
  .string()
  .optional()
  .transform((raw, context): TrustProxy => {
    const value = raw?.trim() ?? '';
    if (value === '' || ['false', 'off', 'no', '0'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (['true', 'on', 'yes'].includes(value.toLowerCase())) {
      context.addIssue({
        code: 'custom',
        message:
          'must name the proxies (addresses or CIDRs, comma-separated) or a hop count; trusting every sender lets any client choose its address',
      });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.find((entry) => !isAddressOrNetwork(entry));
    if (invalid !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma-separated list of proxy addresses or CIDRs ("${invalid}" is neither)`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The setting in the form Fastify's `trustProxy` takes (its types know no hop count). */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  // The same rule proxy-addr applies to a hop count: the nearest `setting` hops are proxies.
  return (_address, hop) => hop < setting;
}
