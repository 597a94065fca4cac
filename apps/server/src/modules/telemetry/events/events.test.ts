import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { userWithPermissions } from '../telemetry.test-support.ts';

interface EventBody {
  id: string;
  name: string;
  scope: string;
  ref_type: string;
  ref_id: string | null;
  realm_id: string | null;
  actor_type: string | null;
  actor_id: string | null;
  actor_name: string | null;
  request_method: string | null;
  request_path: string | null;
  request_ip_address: string | null;
  request_user_agent: string | null;
  data: Record<string, unknown> | null;
  expiring: boolean;
  expires_at: string | null;
  created_at: string;
}

describe('telemetry events', () => {
  let ctx: TestApp;
  let admin: Caller;
  let adminId: string;
  let masterId: string;

  /** The events of a record, once every entity event published so far is stored. */
  const eventsOf = async (refType: string, refId: string): Promise<EventBody[]> => {
    await ctx.app.telemetry.flush();
    const response = await admin.get(`/telemetry/events?filter[ref_type]=${refType}&filter[ref_id]=${refId}`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    adminId = (await admin.get('/auth/users/admin')).json().id;
    masterId = (await admin.get('/auth/realms/master')).json().id;
  });
  afterAll(() => ctx.close());

  describe('recording entity changes', () => {
    it('records who created a user, through which request, without any secret', async () => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users?source=test',
        headers: { authorization: `Bearer ${admin.token}`, 'user-agent': 'telemetry-test/1.0' },
        payload: { name: 'dora', email: 'dora@example.org', password: 'Dora-Passw0rd' },
      });
      expect(created.statusCode).toBe(201);
      const user = created.json();

      const [event, ...others] = await eventsOf('user', user.id);
      expect(others).toEqual([]);
      expect(event).toMatchObject({
        name: 'created',
        scope: 'entity',
        ref_type: 'user',
        ref_id: user.id,
        realm_id: masterId,
        actor_type: 'user',
        actor_id: adminId,
        actor_name: 'admin',
        request_method: 'POST',
        // The query string may carry codes or tokens; it is never recorded.
        request_path: '/auth/users',
        request_ip_address: '127.0.0.1',
        request_user_agent: 'telemetry-test/1.0',
        expiring: true,
      });
      expect(JSON.stringify(event)).not.toMatch(/Dora-Passw0rd|\$argon2/);
    });

    it('publishes each recorded event, so audit lists update live', async () => {
      const published: { type: string; event: string; data: Record<string, unknown> }[] = [];
      const stop = ctx.app.events.subscribe((event) => {
        if (event.type === 'event') published.push(event);
      });
      const role = (await admin.post('/auth/roles', { name: 'live-auditors' })).json();
      const [stored] = await eventsOf('role', role.id);
      stop();
      expect(published).toEqual([
        expect.objectContaining({
          event: 'created',
          data: expect.objectContaining({ id: stored!.id, ref_id: role.id, actor_name: 'admin' }),
        }),
      ]);
    });

    it('keeps entity events for the retention period (7 days by default)', async () => {
      const user = (await admin.post('/auth/users', { name: 'ellis' })).json();
      const [event] = await eventsOf('user', user.id);
      const kept = Date.parse(event!.expires_at!) - Date.parse(event!.created_at);
      expect(Math.abs(kept - 7 * 24 * 60 * 60 * 1000)).toBeLessThan(60_000);
    });

    it('records what an update changed, leaving out timestamps and the password', async () => {
      const user = (await admin.post('/auth/users', { name: 'frank', first_name: 'Frank' })).json();
      const updated = await admin.post(`/auth/users/${user.id}`, {
        first_name: 'Francis',
        password: 'Frank-N3w-Passw0rd',
      });
      expect(updated.statusCode).toBe(202);

      const events = await eventsOf('user', user.id);
      const update = events.find((event) => event.name === 'updated');
      expect(update?.data).toEqual({ diff: { first_name: { next: 'Francis', previous: 'Frank' } } });
    });

    it('records a delete, and the changes of other entity types', async () => {
      const role = (await admin.post('/auth/roles', { name: 'auditors' })).json();
      expect((await admin.delete(`/auth/roles/${role.id}`)).statusCode).toBe(202);
      const events = await eventsOf('role', role.id);
      expect(events.map((event) => event.name).sort()).toEqual(['created', 'deleted']);
      expect(events.every((event) => event.ref_type === 'role' && event.actor_id === adminId)).toBe(true);
    });
  });

  describe('the event API', () => {
    it('creates an event with the caller as actor, whatever the body claims', async () => {
      const response = await admin.post('/telemetry/events', {
        name: 'started',
        scope: 'run',
        ref_type: 'analysisNode',
        ref_id: '2b8f3f3e-8a38-4c1a-9bb0-0f4d5b0f5a11',
        data: { analysis_id: 'a1', token: 'hidden' },
        expiring: true,
      });
      expect(response.statusCode).toBe(201);
      const event = response.json();
      expect(event).toMatchObject({
        name: 'started',
        scope: 'run',
        actor_type: 'user',
        actor_id: adminId,
        realm_id: masterId,
        request_method: 'POST',
        request_path: '/telemetry/events',
        data: { analysis_id: 'a1' },
        expiring: true,
      });
      expect(event.expires_at).not.toBeNull();

      const forged = await admin.post('/telemetry/events', {
        name: 'started',
        scope: 'run',
        ref_type: 'analysisNode',
        actor_id: '2b8f3f3e-8a38-4c1a-9bb0-0f4d5b0f5a11',
      });
      expect(forged.statusCode).toBe(400);
    });

    it('names the robot that acted, and keeps the name once the robot is renamed', async () => {
      const secret = 'Robot-Secret-0123456789';
      const robot = (await admin.post('/auth/robots', { name: 'auditor-bot', secret })).json();
      const permission = (await admin.get('/auth/permissions?filter[name]=event_create')).json().data[0];
      const link = await admin.post('/auth/robot-permissions', {
        robot_id: robot.id,
        permission_id: permission.id,
      });
      expect(link.statusCode).toBe(201);
      const token = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'robot_credentials', id: robot.id, secret },
      });
      expect(token.statusCode).toBe(200);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/telemetry/events',
        headers: { authorization: `Bearer ${token.json().access_token}` },
        payload: { name: 'started', scope: 'run', ref_type: 'analysisNode' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        actor_type: 'robot',
        actor_id: robot.id,
        actor_name: 'auditor-bot',
      });

      // The robot's own change of name is recorded with the admin as actor; the old event keeps its name.
      expect((await admin.post(`/auth/robots/${robot.id}`, { name: 'renamed-bot' })).statusCode).toBe(202);
      const [renamed] = (await eventsOf('robot', robot.id)).filter((event) => event.name === 'updated');
      expect(renamed).toMatchObject({ actor_name: 'admin' });
      expect((await admin.get(`/telemetry/events/${created.json().id}`)).json().actor_name).toBe(
        'auditor-bot',
      );
    });

    it('filters by the name of the actor', async () => {
      await ctx.app.telemetry.flush();
      const byAdmin = await admin.get('/telemetry/events?filter[actor_name]=~adm&filter[ref_type]=role');
      expect(byAdmin.statusCode).toBe(200);
      const names = (byAdmin.json().data as EventBody[]).map((event) => event.actor_name);
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set(['admin']));
      const nobody = await admin.get('/telemetry/events?filter[actor_name]=~nobody');
      expect(nobody.json().data).toEqual([]);
    });

    it('validates events', async () => {
      const response = await admin.post('/telemetry/events', { name: 'x', scope: 'run' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    });

    it('reads and deletes an event; deleting it records nothing new', async () => {
      const event = (
        await admin.post('/telemetry/events', {
          name: 'synchronized',
          scope: 'synchronization',
          ref_type: 'masterImage',
        })
      ).json();
      expect((await admin.get(`/telemetry/events/${event.id}`)).json()).toMatchObject({ id: event.id });
      const deleted = await admin.delete(`/telemetry/events/${event.id}`);
      expect(deleted.statusCode).toBe(202);
      expect(deleted.json().id).toBe(event.id);
      expect((await admin.get(`/telemetry/events/${event.id}`)).statusCode).toBe(404);
      expect(await eventsOf('event', event.id)).toEqual([]);
    });

    it('filters, sorts and pages the list, 50 by default and at most 100', async () => {
      for (let index = 0; index < 3; index += 1) {
        await admin.post('/telemetry/events', { name: `paged-${index}`, scope: 'paging', ref_type: 'test' });
      }
      const page = (await admin.get('/telemetry/events?filter[scope]=paging&sort=name&page[limit]=2')).json();
      expect(page.meta).toEqual({ total: 3, limit: 2, offset: 0 });
      expect(page.data.map((event: EventBody) => event.name)).toEqual(['paged-0', 'paged-1']);
      const next = (
        await admin.get('/telemetry/events?filter[scope]=paging&sort=name&page[limit]=2&page[offset]=2')
      ).json();
      expect(next.data.map((event: EventBody) => event.name)).toEqual(['paged-2']);

      expect((await admin.get('/telemetry/events')).json().meta.limit).toBe(50);
      expect((await admin.get('/telemetry/events?page[limit]=500')).json().meta.limit).toBe(100);

      const byName = (await admin.get('/telemetry/events?filter[name]=~paged-&filter[scope]=paging')).json();
      expect(byName.meta.total).toBe(3);
      const byActor = (
        await admin.get(`/telemetry/events?filter[actor_id]=${adminId}&filter[scope]=paging`)
      ).json();
      expect(byActor.meta.total).toBe(3);
      const recent = (
        await admin.get(
          `/telemetry/events?filter[scope]=paging&filter[created_at]=>${encodeURIComponent('2000-01-01T00:00:00Z')}`,
        )
      ).json();
      expect(recent.meta.total).toBe(3);
      const future = (
        await admin.get(`/telemetry/events?filter[scope]=paging&filter[created_at]=>2999-01-01`)
      ).json();
      expect(future.meta.total).toBe(0);
      expect((await admin.get('/telemetry/events?filter[password]=x')).statusCode).toBe(400);
    });
  });

  describe('access', () => {
    let reader: Caller;
    let acmeId: string;

    beforeAll(async () => {
      const acme = await userWithPermissions(ctx.app, admin, {
        realm: 'acme',
        name: 'acme-auditor',
        permissions: [P.EVENT_READ, P.EVENT_CREATE],
      });
      reader = acme.caller;
      acmeId = acme.realmId;
    });

    it('needs a sign-in and event_read (or event_delete)', async () => {
      expect((await ctx.app.inject({ url: '/telemetry/events' })).statusCode).toBe(401);
      const { caller } = await userWithPermissions(ctx.app, admin, {
        realm: 'acme',
        name: 'acme-nobody',
        permissions: [],
      });
      expect((await caller.get('/telemetry/events')).statusCode).toBe(403);
      const created = await caller.post('/telemetry/events', {
        name: 'noted',
        scope: 'test',
        ref_type: 'test',
      });
      expect(created.statusCode).toBe(403);
      const { caller: deleter } = await userWithPermissions(ctx.app, admin, {
        realm: 'acme',
        name: 'acme-deleter',
        permissions: [P.EVENT_DELETE],
      });
      expect((await deleter.get('/telemetry/events')).statusCode).toBe(200);
    });

    it('shows a realm only its own events; the master realm sees all', async () => {
      const mine = await reader.post('/telemetry/events', {
        name: 'noted',
        scope: 'isolation',
        ref_type: 'test',
      });
      expect(mine.statusCode).toBe(201);
      expect(mine.json().realm_id).toBe(acmeId);
      const masters = await admin.post('/telemetry/events', {
        name: 'noted',
        scope: 'isolation',
        ref_type: 'test',
      });

      const seen = (await reader.get('/telemetry/events?filter[scope]=isolation')).json();
      expect(seen.meta.total).toBe(1);
      expect(seen.data[0].id).toBe(mine.json().id);
      expect((await reader.get(`/telemetry/events/${masters.json().id}`)).statusCode).toBe(404);
      expect((await admin.get('/telemetry/events?filter[scope]=isolation')).json().meta.total).toBe(2);

      // A change made in the realm is recorded in the realm, so its auditors see it.
      await ctx.app.telemetry.flush();
      const realmUsers = (await reader.get('/telemetry/events?filter[ref_type]=user')).json();
      expect(realmUsers.data.length).toBeGreaterThan(0);
      expect(realmUsers.data.every((event: EventBody) => event.realm_id === acmeId)).toBe(true);
    });

    it('refuses to create an event in another realm', async () => {
      const response = await reader.post('/telemetry/events', {
        name: 'noted',
        scope: 'isolation',
        ref_type: 'test',
        realm_id: masterId,
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
