import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageTestApp, createUserWith, type StorageTestApp } from '../storage.test-support.ts';

describe('storage buckets', () => {
  let ctx: StorageTestApp;
  let adminId: string;

  beforeAll(async () => {
    ctx = await createStorageTestApp();
    adminId = (await ctx.admin.get('/auth/users/@me')).json().id;
  });
  afterAll(() => ctx.close());

  it('creates, lists, reads, updates and deletes a bucket', async () => {
    const created = await ctx.admin.post('/storage/buckets', { name: 'analysis-code', region: 'eu-west-1' });
    expect(created.statusCode).toBe(201);
    const bucket = created.json();
    expect(bucket).toMatchObject({
      name: 'analysis-code',
      region: 'eu-west-1',
      actor_type: 'user',
      actor_id: adminId,
    });
    expect(bucket.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = (await ctx.admin.get('/storage/buckets?filter[name]=~analysis')).json();
    expect(list).toMatchObject({ meta: { total: 1, limit: 10, offset: 0 }, data: [{ id: bucket.id }] });
    expect((await ctx.admin.get(`/storage/buckets/${bucket.id}`)).json()).toEqual(bucket);
    // The original accepts a bucket's name wherever it accepts its id.
    expect((await ctx.admin.get('/storage/buckets/analysis-code')).json().id).toBe(bucket.id);

    const updated = await ctx.admin.post(`/storage/buckets/${bucket.id}`, { name: 'analysis-code-v2' });
    expect(updated.statusCode).toBe(202);
    expect(updated.json()).toMatchObject({ id: bucket.id, name: 'analysis-code-v2', region: 'eu-west-1' });
    const unchanged = await ctx.admin.post(`/storage/buckets/${bucket.id}`, {});
    expect(unchanged.statusCode).toBe(202);
    expect(unchanged.json()).toMatchObject({ name: 'analysis-code-v2', region: 'eu-west-1' });

    const deleted = await ctx.admin.delete(`/storage/buckets/${bucket.id}`);
    expect(deleted.statusCode).toBe(202);
    expect(deleted.json()).toMatchObject({ id: bucket.id, name: 'analysis-code-v2' });
    expect((await ctx.admin.get(`/storage/buckets/${bucket.id}`)).statusCode).toBe(404);
  });

  it('generates a name when none is given and keeps names unique per realm', async () => {
    const generated = (await ctx.admin.post('/storage/buckets', {})).json();
    expect(generated.name).toMatch(/^[a-z0-9]{21}$/);
    expect((await ctx.admin.post('/storage/buckets', { name: 'twice' })).statusCode).toBe(201);
    const duplicate = await ctx.admin.post('/storage/buckets', { name: 'twice' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('conflict');
  });

  it('validates the body and the query', async () => {
    const invalid = await ctx.admin.post('/storage/buckets', { name: 'a b', region: 'x', color: 'red' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('validation_failed');
    const unknownFilter = await ctx.admin.get('/storage/buckets?filter[color]=red');
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json().code).toBe('query_invalid');
  });

  it('needs a signed-in caller for every route', async () => {
    for (const [method, url] of [
      ['GET', '/storage/buckets'],
      ['POST', '/storage/buckets'],
      ['GET', '/storage/bucket-files'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode).toBe(401);
    }
  });

  describe('permissions', () => {
    it('refuses to create a bucket without bucket_create', async () => {
      const nobody = await createUserWith(ctx, []);
      const response = await nobody.post('/storage/buckets', { name: 'not-mine' });
      expect(response.statusCode).toBe(403);
      expect((await ctx.admin.get('/storage/buckets?filter[name]=not-mine')).json().meta.total).toBe(0);
    });

    it('lets the owner change and delete its bucket without bucket_update or bucket_delete', async () => {
      const creator = await createUserWith(ctx, ['bucket_create']);
      const bucket = (await creator.post('/storage/buckets', { name: 'owned' })).json();
      expect(bucket.actor_id).toBe(creator.id);
      expect(
        (await creator.post(`/storage/buckets/${bucket.id}`, { region: 'eu-central-1' })).statusCode,
      ).toBe(202);
      expect((await creator.delete(`/storage/buckets/${bucket.id}`)).statusCode).toBe(202);
    });

    it('refuses changes by another user unless it holds the matching permission', async () => {
      const bucket = (await ctx.admin.post('/storage/buckets', { name: 'admins' })).json();
      const stranger = await createUserWith(ctx, []);
      // Reading is open to the realm, as in the original.
      expect((await stranger.get(`/storage/buckets/${bucket.id}`)).statusCode).toBe(200);
      expect((await stranger.post(`/storage/buckets/${bucket.id}`, { name: 'stolen' })).statusCode).toBe(403);
      expect((await stranger.delete(`/storage/buckets/${bucket.id}`)).statusCode).toBe(403);

      const editor = await createUserWith(ctx, ['bucket_update']);
      expect((await editor.post(`/storage/buckets/${bucket.id}`, { region: 'us-east-2' })).statusCode).toBe(
        202,
      );
      expect((await editor.delete(`/storage/buckets/${bucket.id}`)).statusCode).toBe(403);

      const remover = await createUserWith(ctx, ['bucket_delete']);
      expect((await remover.delete(`/storage/buckets/${bucket.id}`)).statusCode).toBe(202);
    });
  });

  describe('realm isolation', () => {
    let acme: { id: string; name: string };
    let other: { id: string; name: string };

    beforeAll(async () => {
      acme = (await ctx.admin.post('/auth/realms', { name: 'acme' })).json();
      other = (await ctx.admin.post('/auth/realms', { name: 'other' })).json();
    });

    it('keeps buckets within their realm; the master realm sees all', async () => {
      const alice = await createUserWith(ctx, ['bucket_create', 'bucket_update', 'bucket_delete'], acme);
      const mallory = await createUserWith(ctx, ['bucket_create', 'bucket_update', 'bucket_delete'], other);
      const bucket = (await alice.post('/storage/buckets', { name: 'acme-data' })).json();
      expect(bucket.realm_id).toBe(acme.id);
      const masterBucket = (await ctx.admin.post('/storage/buckets', { name: 'master-data' })).json();

      const aliceList = (await alice.get('/storage/buckets?page[limit]=50')).json();
      expect(aliceList.data.map((row: { name: string }) => row.name)).toEqual(['acme-data']);
      expect((await alice.get(`/storage/buckets/${masterBucket.id}`)).statusCode).toBe(404);

      expect((await mallory.get(`/storage/buckets/${bucket.id}`)).statusCode).toBe(404);
      expect((await mallory.get('/storage/buckets/acme-data')).statusCode).toBe(404);
      expect((await mallory.post(`/storage/buckets/${bucket.id}`, { name: 'mine' })).statusCode).toBe(404);
      expect((await mallory.delete(`/storage/buckets/${bucket.id}`)).statusCode).toBe(404);

      // A bucket for another realm needs bucket_create there.
      expect((await alice.post('/storage/buckets', { name: 'sneaky', realm_id: other.id })).statusCode).toBe(
        403,
      );

      const adminView = await ctx.admin.get(`/storage/buckets/acme-data?realm_id=${acme.id}`);
      expect(adminView.json().id).toBe(bucket.id);
      expect(
        (await ctx.admin.post('/storage/buckets', { name: 'for-acme', realm_id: acme.id })).json().realm_id,
      ).toBe(acme.id);
    });

    it('removes the buckets of a deleted realm', async () => {
      const doomed = (await ctx.admin.post('/auth/realms', { name: 'doomed' })).json();
      const bucket = (
        await ctx.admin.post('/storage/buckets', { name: 'gone-soon', realm_id: doomed.id })
      ).json();
      expect((await ctx.admin.delete(`/auth/realms/${doomed.id}`)).statusCode).toBe(202);
      await expect
        .poll(async () => (await ctx.admin.get(`/storage/buckets/${bucket.id}`)).statusCode)
        .toBe(404);
    });
  });
});
