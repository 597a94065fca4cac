import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { dyingAfterCommit, sweepAfterCrash, undelivered } from '#platform/events/outbox.test-support.ts';
import {
  bodyOf,
  createStorageTestApp,
  createUserWith,
  eventually,
  filesUnder,
  rawUpload,
  sha256,
  storageDirectories,
  upload,
  type StorageTestApp,
} from '../storage.test-support.ts';

describe('storage uploads', () => {
  let ctx: StorageTestApp;
  let dirs: ReturnType<typeof storageDirectories>;

  beforeAll(async () => {
    ctx = await createStorageTestApp({ STORAGE_MAX_FILE_SIZE: '64K' });
    dirs = storageDirectories(ctx);
  });
  afterAll(() => ctx.close());

  const newBucket = async (name?: string) =>
    (await ctx.admin.post('/storage/buckets', name ? { name } : {})).json() as { id: string; name: string };
  const filesOf = async (bucketId: string) =>
    (
      await ctx.admin.get(`/storage/bucket-files?filter[bucket_id]=${bucketId}&page[limit]=50&sort=path`)
    ).json();
  const objectsOf = async (bucketId: string) =>
    (await filesUnder(dirs.objects)).filter((file) => file.startsWith(`${bucketId}/`));

  it('stores several files, keeping nested paths, with their sizes and hashes', async () => {
    const bucket = await newBucket();
    const files = [
      { path: 'main.py', content: 'print("hello")\n' },
      { path: 'src/lib/util.py', content: 'def util():\n    return 42\n' },
      { path: 'data/ünïcode name.csv', content: new Uint8Array(40_000).map((_, i) => i % 251) },
    ];
    const response = await upload(ctx, ctx.admin.token, bucket.id, files);
    expect(response.status).toBe(201);
    const body = await bodyOf(response);
    expect(body.meta).toEqual({ total: 3 });
    expect(body.data).toHaveLength(3);
    for (const [index, file] of files.entries()) {
      const size = typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.length;
      expect(body.data[index]).toMatchObject({
        path: file.path,
        name: file.path.split('/').at(-1),
        directory: file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '.',
        size,
        hash: sha256(file.content),
        bucket_id: bucket.id,
        actor_type: 'user',
      });
    }

    const listed = await filesOf(bucket.id);
    expect(listed.meta.total).toBe(3);
    expect(listed.data.map((file: { path: string }) => file.path)).toEqual([
      'data/ünïcode name.csv',
      'main.py',
      'src/lib/util.py',
    ]);
    expect(await objectsOf(bucket.id)).toHaveLength(3);
    expect(await filesUnder(dirs.temporary)).toEqual([]);
  });

  it('stores the created events of a bucket and its uploaded files with them, so a crash after the commit loses none', async () => {
    const db = ctx.database.db;
    await ctx.app.outbox.flush();
    const { bucket, body } = await dyingAfterCommit(ctx.app.outbox, async () => {
      const bucket = await newBucket();
      const response = await upload(ctx, ctx.admin.token, bucket.id, [
        { path: 'a.txt', content: 'a' },
        { path: 'b/c.txt', content: 'c' },
      ]);
      expect(response.status).toBe(201);
      return { bucket, body: await bodyOf(response) };
    });
    const ids = body.data.map((file) => file.id);
    expect((await undelivered(db, 'bucket', 'created')).map((event) => event.data.id)).toContain(bucket.id);
    const files = (await undelivered(db, 'bucketFile', 'created')).filter((event) =>
      ids.includes(event.data.id as string),
    );
    // In upload order, with who uploaded them (the audit trail), as the request announced them before.
    expect(files.map((event) => event.data.path)).toEqual(['a.txt', 'b/c.txt']);
    expect(files[0]).toMatchObject({
      actor: { type: 'user' },
      request: { method: 'POST', path: `/storage/buckets/${bucket.id}/upload` },
      data: { size: 1, bucket_id: bucket.id },
    });

    const heard: EntityEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((event) => void heard.push(event));
    try {
      expect(await sweepAfterCrash(db, ctx.app.outbox)).toBeGreaterThanOrEqual(3);
    } finally {
      unsubscribe();
    }
    expect(
      heard.filter((event) => event.type === 'bucketFile' && ids.includes(event.data.id as string)),
    ).toHaveLength(2);
  });

  it('accepts the bucket name in place of its id', async () => {
    const bucket = await newBucket('by-name');
    const response = await upload(ctx, ctx.admin.token, 'by-name', [{ path: 'a.txt', content: 'a' }]);
    expect(response.status).toBe(201);
    expect((await filesOf(bucket.id)).meta.total).toBe(1);
  });

  it.each(['../x', '/etc/passwd', 'a/../../b', 'C:/x', 'a\\..\\b', 'a//b'])(
    'refuses the path %j and keeps nothing of the upload',
    async (path) => {
      const bucket = await newBucket();
      const response = await upload(ctx, ctx.admin.token, bucket.id, [
        { path: 'fine.txt', content: 'fine' },
        { path, content: 'evil' },
      ]);
      expect(response.status).toBe(400);
      expect((await bodyOf(response)).message).toContain('is not allowed');
      expect((await filesOf(bucket.id)).meta.total).toBe(0);
      expect(await objectsOf(bucket.id)).toEqual([]);
    },
  );

  it('refuses a path that exists already, in the bucket or twice in the upload', async () => {
    const bucket = await newBucket();
    expect((await upload(ctx, ctx.admin.token, bucket.id, [{ path: 'a.txt', content: '1' }])).status).toBe(
      201,
    );
    const again = await upload(ctx, ctx.admin.token, bucket.id, [
      { path: 'b.txt', content: '2' },
      { path: 'a.txt', content: '3' },
    ]);
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe('The bucket already contains a file a.txt.');
    const twice = await upload(ctx, ctx.admin.token, bucket.id, [
      { path: 'c.txt', content: '4' },
      { path: 'c.txt', content: '5' },
    ]);
    expect(twice.status).toBe(409);
    expect((await filesOf(bucket.id)).data.map((file: { path: string }) => file.path)).toEqual(['a.txt']);
    expect(await objectsOf(bucket.id)).toHaveLength(1);
  });

  it('refuses a file over STORAGE_MAX_FILE_SIZE and keeps nothing of the upload', async () => {
    const bucket = await newBucket();
    const response = await upload(ctx, ctx.admin.token, bucket.id, [
      { path: 'small.txt', content: 'small' },
      { path: 'big.bin', content: new Uint8Array(64 * 1024 + 1) },
    ]);
    expect(response.status).toBe(413);
    expect((await bodyOf(response)).message).toBe(
      'The file big.bin is larger than the maximum of 65536 bytes.',
    );
    expect((await filesOf(bucket.id)).meta.total).toBe(0);
    expect(await objectsOf(bucket.id)).toEqual([]);
    expect(await filesUnder(dirs.temporary)).toEqual([]);
    // Exactly at the limit is fine.
    const exact = await upload(ctx, ctx.admin.token, bucket.id, [
      { path: 'edge.bin', content: new Uint8Array(65536) },
    ]);
    expect(exact.status).toBe(201);
  });

  it('answers 400 for an upload without files and 415 for a body that is not multipart', async () => {
    const bucket = await newBucket();
    const form = new FormData();
    form.append('comment', 'no files here');
    const empty = await fetch(`${ctx.baseUrl}/storage/buckets/${bucket.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.admin.token}` },
      body: form,
    });
    expect(empty.status).toBe(400);
    expect((await bodyOf(empty)).message).toBe('The upload contains no file.');
    const json = await ctx.admin.post(`/storage/buckets/${bucket.id}/upload`, { files: [] });
    expect(json.statusCode).toBe(415);
  });

  it('lets the owner and holders of bucket_update upload, nobody else', async () => {
    const owner = await createUserWith(ctx, ['bucket_create']);
    const bucket = (await owner.post('/storage/buckets', {})).json();
    expect((await upload(ctx, owner.token, bucket.id, [{ path: 'own.txt', content: 'own' }])).status).toBe(
      201,
    );

    const stranger = await createUserWith(ctx, ['bucket_create', 'bucket_delete']);
    const refused = await upload(ctx, stranger.token, bucket.id, [{ path: 'x.txt', content: 'x' }]);
    expect(refused.status).toBe(403);
    const strangerFile = (await filesOf(bucket.id)).data[0];
    expect((await stranger.delete(`/storage/bucket-files/${strangerFile.id}`)).statusCode).toBe(403);

    const editor = await createUserWith(ctx, ['bucket_update']);
    expect((await upload(ctx, editor.token, bucket.id, [{ path: 'y.txt', content: 'y' }])).status).toBe(201);
    expect((await filesOf(bucket.id)).meta.total).toBe(2);

    const acme = (await ctx.admin.post('/auth/realms', { name: 'upload-acme' })).json();
    const foreign = await createUserWith(ctx, ['bucket_update'], acme);
    expect((await upload(ctx, foreign.token, bucket.id, [{ path: 'z.txt', content: 'z' }])).status).toBe(404);
    expect((await filesOf(bucket.id)).meta.total).toBe(2);
  });

  it('keeps no record and no object of an upload the client aborts', async () => {
    const bucket = await newBucket();
    let release: () => void = () => undefined;
    const never = new Promise<void>((resolve) => (release = resolve));
    async function* stalled() {
      yield new Uint8Array(10_000).fill(7);
      await never;
    }
    const raw = rawUpload({
      url: `${ctx.baseUrl}/storage/buckets/${bucket.id}/upload`,
      token: ctx.admin.token,
      parts: [
        { filename: 'complete.txt', body: [Buffer.from('a complete first file')] },
        { filename: 'dir/partial.bin', body: stalled() },
      ],
    });
    raw.response.catch(() => undefined);
    void raw.send().catch(() => undefined);
    // Cut the connection once the server is writing the second file.
    await eventually(async () => expect(await filesUnder(dirs.temporary)).toHaveLength(1));
    expect(await objectsOf(bucket.id)).toHaveLength(1);
    raw.request.destroy();
    release();

    await eventually(async () => {
      expect(await filesUnder(dirs.temporary)).toEqual([]);
      expect(await objectsOf(bucket.id)).toEqual([]);
    });
    await sleep(100);
    expect((await filesOf(bucket.id)).meta.total).toBe(0);
  });
});
