import { createHmac, randomBytes } from 'node:crypto';
import { verifySecret } from './secrets.ts';

export interface VerifiedSecretCacheOptions {
  /** Successful verifications remembered at most; the least recently used go first. */
  maxEntries: number;
  /** How long one success is remembered. */
  ttlMs: number;
}

const DEFAULT_OPTIONS: VerifiedSecretCacheOptions = { maxEntries: 10_000, ttlMs: 10 * 60_000 };

/**
 * Remembers successful argon2 verifications of robot and client secrets, so that machines which
 * authenticate often (client credentials, HTTP Basic) do not pay ~20 ms of CPU per request. Secrets
 * stay stored as argon2id hashes (docs/design.md §5); this only avoids recomputing a result already known.
 *
 * - An entry is keyed by the owner's id, an HMAC of the presented secret and the stored hash, so a new
 *   secret (a new stored hash) or a different presented secret never matches an old entry.
 * - The HMAC key is random per process and never leaves memory; the plain secret is never stored.
 * - Only successes are remembered; a wrong secret is verified (and refused) every time.
 * - Bounded in size (LRU) and in time (TTL); concurrent verifications of the same triple share one run.
 */
export class VerifiedSecretCache {
  private readonly key = randomBytes(32);
  private readonly verified = new Map<string, number>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly options: VerifiedSecretCacheOptions;

  constructor(
    options: Partial<VerifiedSecretCacheOptions> = {},
    private readonly verifier: (plain: string, stored: string) => Promise<boolean> = verifySecret,
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  get size(): number {
    return this.verified.size;
  }

  /** Whether `presented` is the secret whose hash is `stored`, for the owner `ownerId` (e.g. `robot:<id>`). */
  async verify(ownerId: string, presented: string, stored: string | null | undefined): Promise<boolean> {
    if (!stored) return false;
    const entryKey = this.entryKey(ownerId, presented, stored);
    const expiresAt = this.verified.get(entryKey);
    if (expiresAt !== undefined) {
      if (expiresAt > Date.now()) {
        this.verified.delete(entryKey);
        this.verified.set(entryKey, expiresAt);
        return true;
      }
      this.verified.delete(entryKey);
    }
    let running = this.pending.get(entryKey);
    if (!running) {
      running = this.verifier(presented, stored).finally(() => this.pending.delete(entryKey));
      this.pending.set(entryKey, running);
    }
    const ok = await running.catch(() => false);
    if (ok) this.remember(entryKey);
    return ok;
  }

  clear(): void {
    this.verified.clear();
  }

  private remember(entryKey: string): void {
    this.verified.delete(entryKey);
    this.verified.set(entryKey, Date.now() + this.options.ttlMs);
    while (this.verified.size > this.options.maxEntries) {
      this.verified.delete(this.verified.keys().next().value!);
    }
  }

  private entryKey(ownerId: string, presented: string, stored: string): string {
    // Length-prefixed parts, so no two different triples can produce the same input.
    const mac = createHmac('sha256', this.key);
    for (const part of [ownerId, stored, presented]) {
      mac.update(`${Buffer.byteLength(part)}:`);
      mac.update(part);
    }
    return mac.digest('base64url');
  }
}
