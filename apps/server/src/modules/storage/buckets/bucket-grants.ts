import { and, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '#platform/db/index.ts';
import type { RequestIdentity } from '#modules/auth/index.ts';
import { storageBuckets } from '../db/index.ts';

/**
 * Access to buckets beyond the caller's realm and its own buckets, granted by the module that knows
 * what a bucket is for. Storage does not know that a node's robot may write the results of the
 * analyses its node approved; the hub does, and says so through a grant. Each method answers a
 * condition on a bucket id column, or undefined when it grants the identity nothing.
 */
export interface BucketGrant {
  /** Buckets the identity may see (the record) and upload files into. */
  writable(identity: RequestIdentity, bucketId: PgColumn): SQL | undefined;
  /** Buckets whose files it may read, all of them, not only the ones it uploaded. */
  readable(identity: RequestIdentity, bucketId: PgColumn): SQL | undefined;
}

/** The grants of one app, filled by the modules that own buckets, consulted by the storage routes. */
export class BucketGrants {
  private readonly grants: BucketGrant[] = [];

  add(grant: BucketGrant): void {
    this.grants.push(grant);
  }

  writable(identity: RequestIdentity, bucketId: PgColumn): SQL | undefined {
    return or(...this.grants.map((grant) => grant.writable(identity, bucketId)));
  }

  readable(identity: RequestIdentity, bucketId: PgColumn): SQL | undefined {
    return or(...this.grants.map((grant) => grant.readable(identity, bucketId)));
  }

  /** Whether a grant lets the identity upload into the bucket. */
  async mayWrite(db: Executor, identity: RequestIdentity, bucketId: string): Promise<boolean> {
    const granted = this.writable(identity, storageBuckets.id);
    if (!granted) return false;
    const [row] = await db
      .select({ id: storageBuckets.id })
      .from(storageBuckets)
      .where(and(eq(storageBuckets.id, bucketId), granted))
      .limit(1);
    return !!row;
  }
}
