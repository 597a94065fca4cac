import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  type BucketFileJson,
  createStorageTestApp,
  createUserWith,
  filesUnder,
  readTar,
  sha256,
  storageDirectories,
  upload,
  type StorageTestApp,
} from '../storage.test-support.ts';

describe('storage downloads and deletes', () => {
  let ctx: StorageTestApp;
  let bucket: { id: string; name: string };
  let stored: BucketFileJson[];
  const contents = new Map<string, Buffer>([
    ['main.py', Buffer.from('print("main")\n')],
    ['src/pkg/__init__.py', Buffer.from('')],
    ['src/pkg/module.py', Buffer.from('VALUE = 1\n')],
    [`deep/${'nested-directory/'.repeat(8)}file.bin`, Buffer.alloc(300_000, 0xab)],
    ["daten/grüße (final) 'v2'.txt", Buffer.from('Grüße\n')],
  ]);

  beforeAll(async () => {
    ctx = await createStorageTestApp();
    bucket = (await ctx.admin.post('/storage/buckets', { name: 'downloads' })).json();
    const response = await upload(
      ctx,
      ctx.admin.token,
      bucket.id,
      [...contents].map(([path, content]) => ({ path, content })),
    );
    expect(response.status).toBe(201);
    stored = (await bodyOf(response)).data;
  });
  afterAll(() => ctx.close());

  const fileAt = (path: string) => stored.find((file) => file.path === path)!;

  it('streams a bucket as a tar archive holding exactly its files, paths and bytes', async () => {
    const response = await fetch(`${ctx.baseUrl}/storage/buckets/${bucket.id}/stream`, {
      headers: { authorization: `Bearer ${ctx.admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-tar');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="downloads.tar"; filename*=UTF-8''downloads.tar`,
    );
    const entries = await readTar(Readable.fromWeb(response.body as never));
    expect([...entries.keys()].sort()).toEqual([...contents.keys()].sort());
    for (const [path, content] of contents) expect(sha256(entries.get(path)!)).toBe(sha256(content));
  });

  it('streams the archive of a bucket named instead of identified, and of an empty bucket', async () => {
    const byName = await ctx.app.inject({
      url: '/storage/buckets/downloads/stream',
      headers: { authorization: `Bearer ${ctx.admin.token}` },
    });
    expect((await readTar(byName.rawPayload)).size).toBe(contents.size);
    const empty = (await ctx.admin.post('/storage/buckets', {})).json();
    const archive = await ctx.admin.get(`/storage/buckets/${empty.id}/stream`);
    expect(archive.statusCode).toBe(200);
    expect((await readTar(archive.rawPayload)).size).toBe(0);
  });

  it('streams one file with its length and a safe attachment name', async () => {
    const file = fileAt("daten/grüße (final) 'v2'.txt");
    const response = await fetch(`${ctx.baseUrl}/storage/bucket-files/${file.id}/stream`, {
      headers: { authorization: `Bearer ${ctx.admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-length')).toBe(String(contents.get(file.path)!.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="gr__e (final) 'v2'.txt"; filename*=UTF-8''gr%C3%BC%C3%9Fe%20%28final%29%20%27v2%27.txt`,
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(contents.get(file.path));

    const large = fileAt(`deep/${'nested-directory/'.repeat(8)}file.bin`);
    const bytes = Buffer.from(
      await (
        await fetch(`${ctx.baseUrl}/storage/bucket-files/${large.id}/stream`, {
          headers: { authorization: `Bearer ${ctx.admin.token}` },
        })
      ).arrayBuffer(),
    );
    expect(bytes.length).toBe(300_000);
    expect(sha256(bytes)).toBe(sha256(contents.get(large.path)!));
  });

  it('answers HEAD with the download headers and no body', async () => {
    const file = fileAt('main.py');
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: `/storage/bucket-files/${file.id}/stream`,
      headers: { authorization: `Bearer ${ctx.admin.token}` },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(contents.get('main.py')!.length));
    expect(head.body).toBe('');
    const archive = await ctx.app.inject({
      method: 'HEAD',
      url: `/storage/buckets/${bucket.id}/stream`,
      headers: { authorization: `Bearer ${ctx.admin.token}` },
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/x-tar');
  });

  it('accepts the access_token cookie for downloads opened in a new tab, never for changes', async () => {
    const file = fileAt('main.py');
    const cookie = `access_token=${ctx.admin.token}`;
    const download = await ctx.app.inject({
      url: `/storage/bucket-files/${file.id}/stream`,
      headers: { cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('print("main")\n');
    const archive = await ctx.app.inject({
      url: `/storage/buckets/${bucket.id}/stream`,
      headers: { cookie },
    });
    expect(archive.statusCode).toBe(200);
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/storage/bucket-files/${file.id}`,
      headers: { cookie },
    });
    expect(removal.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/storage/bucket-files/${file.id}/stream` })).statusCode).toBe(401);
  });

  it('reads file records with their bucket and hides other realms’ files', async () => {
    const file = fileAt('main.py');
    const read = (await ctx.admin.get(`/storage/bucket-files/${file.id}?include=bucket`)).json();
    expect(read).toMatchObject({ id: file.id, size: 14, bucket: { id: bucket.id, name: 'downloads' } });
    const bigOnes = (
      await ctx.admin.get(`/storage/bucket-files?filter[size]=>1000&filter[bucket_id]=${bucket.id}`)
    ).json();
    expect(bigOnes.data.map((row: BucketFileJson) => row.name)).toEqual(['file.bin']);

    const realm = (await ctx.admin.post('/auth/realms', { name: 'download-other' })).json();
    const outsider = await createUserWith(ctx, ['bucket_update'], realm);
    expect((await outsider.get(`/storage/bucket-files/${file.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`/storage/bucket-files/${file.id}/stream`)).statusCode).toBe(404);
    expect((await outsider.get(`/storage/buckets/${bucket.id}/stream`)).statusCode).toBe(404);
    expect((await outsider.get('/storage/bucket-files')).json().meta.total).toBe(0);
  });

  it('deletes a file record together with its stored object', async () => {
    const objects = storageDirectories(ctx).objects;
    const file = fileAt('src/pkg/module.py');
    expect(await filesUnder(objects)).toContain(`${bucket.id}/${file.id}`);
    const deleted = await ctx.admin.delete(`/storage/bucket-files/${file.id}`);
    expect(deleted.statusCode).toBe(202);
    expect(deleted.json()).toMatchObject({ id: file.id, path: 'src/pkg/module.py' });
    expect(await filesUnder(objects)).not.toContain(`${bucket.id}/${file.id}`);
    expect((await ctx.admin.get(`/storage/bucket-files/${file.id}`)).statusCode).toBe(404);
    const archive = await readTar((await ctx.admin.get(`/storage/buckets/${bucket.id}/stream`)).rawPayload);
    expect(archive.has('src/pkg/module.py')).toBe(false);
    expect(archive.size).toBe(contents.size - 1);
  });

  it('lets the owner of the bucket delete files others uploaded into it', async () => {
    const owner = await createUserWith(ctx, ['bucket_create']);
    const ownBucket = (await owner.post('/storage/buckets', {})).json();
    const uploaded = await upload(ctx, ctx.admin.token, ownBucket.id, [
      { path: 'by-admin.txt', content: 'x' },
    ]);
    const file = (await bodyOf(uploaded)).data[0]!;
    expect((await owner.delete(`/storage/bucket-files/${file.id}`)).statusCode).toBe(202);
  });

  it('deletes a bucket with all its files and stored objects', async () => {
    const objects = storageDirectories(ctx).objects;
    expect((await filesUnder(objects)).some((path) => path.startsWith(`${bucket.id}/`))).toBe(true);
    const deleted = await ctx.admin.delete(`/storage/buckets/${bucket.id}`);
    expect(deleted.statusCode).toBe(202);
    expect((await filesUnder(objects)).some((path) => path.startsWith(`${bucket.id}/`))).toBe(false);
    expect(
      (await ctx.admin.get(`/storage/bucket-files?filter[bucket_id]=${bucket.id}`)).json().meta.total,
    ).toBe(0);
    expect((await ctx.admin.get(`/storage/bucket-files/${fileAt('main.py').id}/stream`)).statusCode).toBe(
      404,
    );
  });
});
