import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { dyingAfterCommit, sweepAfterCrash, undelivered } from '#platform/events/outbox.test-support.ts';
import { createRealm, userWith } from '../core.test-support.ts';
import { coreLocks } from '../db/index.ts';
import { MASTER_IMAGE_SYNC_LOCK, withSyncLock } from './catalog/sync-lock.ts';

const run = promisify(execFile);
const SHIPPED = path.resolve(import.meta.dirname, '../../../../catalog/master-images');
const sync = (caller: Caller) => caller.post('/core/master-images/command', { command: 'sync' });

describe('master images from the shipped catalog', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
  });
  afterAll(() => ctx.close());

  it('gates the sync and deletes by the master image permissions', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/core/master-images/command',
          payload: { command: 'sync' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ url: '/core/master-images' })).statusCode).toBe(401);
    const user = await userWith(ctx.app, admin, {
      name: 'user',
      realmId: masterId,
      realmName: 'master',
      permissions: [P.MASTER_IMAGE_GROUP_MANAGE],
    });
    expect((await sync(user)).statusCode).toBe(403);
    expect((await user.get('/core/master-images')).statusCode).toBe(200);
    expect((await admin.post('/core/master-images/command', { command: 'build' })).statusCode).toBe(400);

    const events: EntityEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((event) => void events.push(event));
    const response = await sync(admin);
    unsubscribe();
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({
      groups: { created: 2, updated: 0, deleted: 0 },
      images: { created: 3, updated: 0, deleted: 0 },
    });
    expect(events.filter((event) => event.type === 'masterImage' && event.event === 'created')).toHaveLength(
      3,
    );
    expect(events.filter((event) => event.type === 'masterImageGroup')).toHaveLength(2);

    const images = (await user.get('/core/master-images')).json();
    expect(images.data.map((image: { path: string }) => image.path)).toEqual([
      'python/base',
      'python/ml/torch',
      'r/base',
    ]);
    const groups = (await user.get('/core/master-image-groups')).json().data;
    expect((await user.delete(`/core/master-images/${images.data[0].id}`)).statusCode).toBe(403);
    expect((await user.delete(`/core/master-image-groups/${groups[0].id}`)).statusCode).toBe(202);
    expect((await admin.delete(`/core/master-images/${images.data[0].id}`)).statusCode).toBe(202);
    expect((await admin.post('/core/master-images', { name: 'manual' })).statusCode).toBe(400);

    // A second sync restores what was deleted by hand and changes nothing else.
    expect((await sync(admin)).json()).toEqual({
      groups: { created: 1, updated: 0, deleted: 0 },
      images: { created: 1, updated: 0, deleted: 0 },
    });
  });

  it('shows the catalog to every realm, which may not change it', async () => {
    await sync(admin);
    const siteRealm = await createRealm(admin, 'catalog-site');
    const researcher = await userWith(ctx.app, admin, {
      name: 'site-researcher',
      realmId: siteRealm,
      realmName: 'catalog-site',
      permissions: [P.PROJECT_CREATE, P.MASTER_IMAGE_MANAGE],
    });
    const images = (await researcher.get('/core/master-images')).json();
    expect(images.meta.total).toBe(3);
    expect((await researcher.get(`/core/master-images/${images.data[0].id}`)).statusCode).toBe(200);
    expect((await researcher.get('/core/master-image-groups')).json().meta.total).toBe(2);
    // The catalog belongs to the hub operator: another realm's master_image_manage does not reach it.
    expect((await researcher.delete(`/core/master-images/${images.data[0].id}`)).statusCode).toBe(403);
  });

  it('refuses a sync while another one runs', async () => {
    await ctx.database.db
      .insert(coreLocks)
      .values({ name: MASTER_IMAGE_SYNC_LOCK, expires_at: new Date(Date.now() + 60_000).toISOString() });
    const refused = await sync(admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A master image synchronization is already running.');
    await ctx.database.db.delete(coreLocks);

    // A sync that is still working holds the lock: a second one (here over HTTP) is refused until
    // the first finishes. The first is held open by a gate so that the overlap is certain.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const first = withSyncLock(ctx.database.db, async () => {
      entered();
      await gate;
      return 'done';
    });
    await holding;
    const overlapping = await sync(admin);
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().message).toBe('A master image synchronization is already running.');
    release();
    await expect(first).resolves.toBe('done');
    expect((await sync(admin)).statusCode).toBe(202);
  });

  it('takes over the lock of a sync that died', async () => {
    await ctx.database.db
      .insert(coreLocks)
      .values({ name: MASTER_IMAGE_SYNC_LOCK, expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await sync(admin)).statusCode).toBe(202);
  });

  it('stores what a sync changes with its announcements, so a crash after the commit loses none', async () => {
    expect((await sync(admin)).statusCode).toBe(202);
    const [image] = (await admin.get('/core/master-images?filter[virtual_path]=r/base')).json().data;
    expect((await admin.delete(`/core/master-images/${image.id}`)).statusCode).toBe(202);
    const db = ctx.database.db;
    await ctx.app.outbox.flush();

    const restored = await dyingAfterCommit(ctx.app.outbox, () => sync(admin));
    expect(restored.json().images).toEqual({ created: 1, updated: 0, deleted: 0 });
    const stored = (await undelivered(db, 'masterImage', 'created')).filter(
      (event) => event.data.virtual_path === 'r/base',
    );
    // Stored with who asked for the sync, for the audit trail once it is delivered.
    expect(stored).toEqual([
      expect.objectContaining({
        realmIds: [],
        actor: expect.objectContaining({ type: 'user' }),
        request: expect.objectContaining({ method: 'POST', path: '/core/master-images/command' }),
      }),
    ]);

    const heard: EntityEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((event) => void heard.push(event));
    try {
      expect(await sweepAfterCrash(db, ctx.app.outbox)).toBeGreaterThanOrEqual(1);
    } finally {
      unsubscribe();
    }
    expect(
      heard.filter((event) => event.type === 'masterImage' && event.data.virtual_path === 'r/base'),
    ).toEqual([expect.objectContaining({ event: 'created', outboxId: expect.any(String) })]);
  });
});

describe('master images from MASTER_IMAGES_SOURCE', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'federa-catalog-'));
    await cp(SHIPPED, directory, { recursive: true });
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('syncs a directory and removes entries absent from it', async () => {
    const ctx = await createTestApp({ MASTER_IMAGES_SOURCE: directory });
    try {
      const admin = await signIn(ctx.app);
      expect((await sync(admin)).json().images.created).toBe(3);
      const [rImage] = (await admin.get('/core/master-images?filter[virtual_path]=r/base')).json().data;
      const project = (
        await admin.post('/core/projects', { name: 'Uses R', master_image_id: rImage.id })
      ).json();
      expect(project.master_image_id).toBe(rImage.id);

      await rm(path.join(directory, 'data/r'), { recursive: true });
      await writeFile(
        path.join(directory, 'data/python/image-group.json'),
        '{"name":"Python 3","command":"python3","commandArguments":["-u"]}',
      );
      const second = await sync(admin);
      expect(second.json()).toEqual({
        groups: { created: 0, updated: 1, deleted: 1 },
        images: { created: 0, updated: 2, deleted: 1 },
      });
      const images = (await admin.get('/core/master-images')).json().data;
      expect(
        images.map((image: { virtual_path: string; command: string }) => [image.virtual_path, image.command]),
      ).toEqual([
        ['python/base', 'python3'],
        ['python/torch', 'python3'],
      ]);
      expect(
        (await admin.get('/core/master-image-groups'))
          .json()
          .data.map((group: { name: string }) => group.name),
      ).toEqual(['Python 3']);
      // The project stays; only its reference to the removed image is cleared.
      expect((await admin.get(`/core/projects/${project.id}`)).json().master_image_id).toBeNull();

      await writeFile(path.join(directory, 'data/python/image-group.json'), '{ broken');
      const broken = await sync(admin);
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe('The file python/image-group.json is not valid JSON.');
      expect((await admin.get('/core/master-images')).json().meta.total).toBe(2);
    } finally {
      await ctx.close();
    }
  });

  it('syncs a git repository', async () => {
    const repository = await mkdtemp(path.join(os.tmpdir(), 'federa-catalog-git-'));
    const git = (...args: string[]) =>
      run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd: repository });
    await cp(SHIPPED, repository, { recursive: true });
    await git('init', '--quiet');
    await git('add', '.');
    await git('commit', '--quiet', '-m', 'catalog');
    const ctx = await createTestApp({ MASTER_IMAGES_SOURCE: `file://${repository}` });
    try {
      const admin = await signIn(ctx.app);
      const response = await sync(admin);
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json().images.created).toBe(3);
      expect(
        (await admin.get('/core/master-images?filter[virtual_path]=python/torch')).json().data[0],
      ).toMatchObject({
        path: 'python/ml/torch',
        group_virtual_path: 'python',
        command: 'python',
        command_arguments: [{ value: '-u' }],
      });
    } finally {
      await ctx.close();
      await rm(repository, { recursive: true, force: true });
    }
  });

  it('reports a repository that cannot be cloned', async () => {
    const ctx = await createTestApp({ MASTER_IMAGES_SOURCE: `file://${directory}/missing.git` });
    try {
      const response = await sync(await signIn(ctx.app));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The master image catalog repository could not be cloned.');
    } finally {
      await ctx.close();
    }
  });
});
