import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  createStorageTestApp,
  readTar,
  sha256,
  upload,
  type StorageTestApp,
} from '../storage.test-support.ts';
import { describeDriverContract } from './driver.test-suite.ts';
import { S3Driver } from './s3-driver.ts';

const BUCKET = 'hub-files';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
/** S3's smallest allowed part, so the multipart path runs exactly as against real S3. */
const PART_SIZE = 5 * 1024 * 1024;

describe('S3Driver against s3rver', () => {
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  let driver: S3Driver;
  let client: S3Client;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'federa-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET }],
    });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    const options = { endpoint, region: 'us-east-1', bucket: BUCKET, forcePathStyle: true, ...CREDENTIALS };
    driver = new S3Driver({ ...options, partSize: PART_SIZE });
    client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  });
  afterAll(async () => {
    client?.destroy();
    await driver?.close();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  const storedKeys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  };

  // 12 MiB: three parts of a multipart upload.
  describeDriverContract({ driver: () => driver, storedKeys }, 12 * 1024 * 1024);

  describe('behind the storage API (STORAGE_DRIVER=s3)', () => {
    let ctx: StorageTestApp;

    beforeAll(async () => {
      ctx = await createStorageTestApp({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      });
    });
    afterAll(() => ctx?.close());

    it('uploads into S3, streams the bucket and a file back, and deletes the objects', async () => {
      const bucket = (await ctx.admin.post('/storage/buckets', { name: 's3-backed' })).json();
      const files = [
        { path: 'main.py', content: 'print("from s3")\n' },
        { path: 'lib/data.bin', content: new Uint8Array(6 * 1024 * 1024).map((_, i) => (i * 7) % 256) },
      ];
      const response = await upload(ctx, ctx.admin.token, bucket.id, files);
      expect(response.status).toBe(201);
      const created = (await bodyOf(response)).data;
      expect(created.map((file) => file.hash)).toEqual(files.map((file) => sha256(file.content)));
      expect((await storedKeys()).filter((key) => key.startsWith(`${bucket.id}/`))).toHaveLength(2);

      const archive = await ctx.admin.get(`/storage/buckets/${bucket.id}/stream`);
      const entries = await readTar(archive.rawPayload);
      expect([...entries.keys()].sort()).toEqual(['lib/data.bin', 'main.py']);
      expect(sha256(entries.get('lib/data.bin')!)).toBe(sha256(files[1]!.content));

      const single = await ctx.admin.get(`/storage/bucket-files/${created[0]!.id}/stream`);
      expect(single.headers['content-length']).toBe(String(Buffer.byteLength(files[0]!.content as string)));
      expect(single.body).toBe(files[0]!.content);

      expect((await ctx.admin.delete(`/storage/buckets/${bucket.id}`)).statusCode).toBe(202);
      expect((await storedKeys()).filter((key) => key.startsWith(`${bucket.id}/`))).toEqual([]);
    });
  });
});
