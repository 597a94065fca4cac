/**
 * Asked before the contents of a bucket change through the storage API (an upload, a file or the
 * whole bucket deleted); throws to refuse. Other modules own the meaning of some buckets (an
 * analysis's code bucket is frozen while its configuration is locked), storage does not know it.
 */
export type BucketWriteGuard = (bucketId: string) => Promise<void>;

/** The guards of one app, filled by the modules that own buckets, consulted by the storage routes. */
export class BucketWriteGuards {
  private readonly guards: BucketWriteGuard[] = [];

  add(guard: BucketWriteGuard): void {
    this.guards.push(guard);
  }

  async assertWritable(bucketId: string): Promise<void> {
    for (const guard of this.guards) await guard(bucketId);
  }
}
