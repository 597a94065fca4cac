import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStorageTestApp, upload, type StorageTestApp } from '../storage/storage.test-support.ts';
import { Clients, passwordToken, Recorder, request } from './realtime.test-support.ts';

const MEMBER_PASSWORD = 'Realm-Member-Passw0rd';

/**
 * Subscriptions to user and role attributes and to storage buckets and their files: these types emit
 * events, so someone must be able to receive them, under the same rules as reading them over HTTP.
 */
describe('realtime subscriptions of attributes and storage', () => {
  let ctx: StorageTestApp;
  const clients = new Clients(() => ctx.baseUrl);
  const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;
  const created = async (url: string, payload: object) => {
    const response = await ctx.admin.post(url, payload);
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string } & Record<string, unknown>;
  };

  beforeAll(async () => {
    ctx = await createStorageTestApp();
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    clients.closeAll();
    await ctx?.close();
  });

  it('delivers user and role attribute events to whoever may read users and roles', async () => {
    const socket = await clients.connect('/resources', { token: ctx.admin.token });
    const received = new Recorder(socket);
    expect(await request(socket, 'userAttributeSubscribe')).toEqual({ ok: true });
    expect(await request(socket, 'roleAttributeSubscribe')).toEqual({ ok: true });

    const user = await created('/auth/users', { name: unique('user') });
    const userAttribute = await created('/auth/user-attributes', {
      user_id: user.id,
      name: 'department',
      value: 'oncology',
    });
    const role = await created('/auth/roles', { name: unique('role') });
    const roleAttribute = await created('/auth/role-attributes', {
      role_id: role.id,
      name: 'tier',
      value: '1',
    });

    const userEvent = await received.waitFor('userAttributeCreated', userAttribute.id);
    expect(userEvent.payload.data).toMatchObject({ name: 'department', value: 'oncology' });
    expect(userEvent.payload.meta).toMatchObject({ refType: 'userAttribute', roomName: 'userAttribute' });
    await received.waitFor('roleAttributeCreated', roleAttribute.id);
  });

  it('delivers bucket and bucket file events', async () => {
    const socket = await clients.connect('/resources', { token: ctx.admin.token });
    const received = new Recorder(socket);
    expect(await request(socket, 'bucketSubscribe')).toEqual({ ok: true });
    expect(await request(socket, 'bucketFileSubscribe')).toEqual({ ok: true });

    const bucket = await created('/storage/buckets', { name: unique('bucket') });
    await received.waitFor('bucketCreated', bucket.id);
    const uploaded = await upload(ctx, ctx.admin.token, bucket.id, [
      { path: 'main.py', content: 'print(1)' },
    ]);
    expect(uploaded.status).toBeLessThan(300);
    const fileEvent = await waitForName(received, 'bucketFileCreated');
    expect(fileEvent.payload.data).toMatchObject({ bucket_id: bucket.id });
  });

  it('asks a realm member for the read permission of attributes, not of storage', async () => {
    const realm = await created('/auth/realms', { name: unique('realm') });
    const member = await created('/auth/users', {
      name: unique('member'),
      password: MEMBER_PASSWORD,
      realm_id: realm.id,
    });
    const token = await passwordToken(ctx.app, member.name as string, MEMBER_PASSWORD, realm.id);
    const socket = await clients.connect(`/resources/${realm.id}`, { token });

    for (const type of ['userAttribute', 'roleAttribute']) {
      expect(await request(socket, `${type}Subscribe`)).toMatchObject({
        ok: false,
        code: expect.stringMatching(/^permission_(denied|evaluation_failed)$/),
      });
    }
    expect(await request(socket, 'bucketSubscribe')).toEqual({ ok: true });
    expect(await request(socket, 'bucketFileSubscribe')).toEqual({ ok: true });
  });
});

/** The first event of a name, whatever record it is about (the id of an uploaded file is not known up front). */
async function waitForName(recorder: Recorder, name: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const event = recorder.events.find((item) => item.name === name);
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${name}; received: ${recorder.events.map((event) => event.name).join(', ')}`);
}
