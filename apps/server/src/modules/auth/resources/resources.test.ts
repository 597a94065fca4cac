import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

describe('identity resources', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
  });
  afterAll(() => ctx.close());

  describe('realms', () => {
    it('creates, lists, updates and deletes a realm', async () => {
      const created = await admin.post('/auth/realms', { name: 'research', display_name: 'Research' });
      expect(created.statusCode).toBe(201);
      const realm = created.json();
      expect(realm).toMatchObject({ name: 'research', display_name: 'Research', built_in: false });
      // Timestamps are ISO-8601 (docs/design.md §4), not PostgreSQL's text form.
      expect(realm.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      const list = await ctx.app.inject({ url: '/auth/realms?filter[name]=~rese' });
      expect(list.json()).toMatchObject({
        meta: { total: 1, offset: 0, limit: 10 },
        data: [{ name: 'research' }],
      });

      const updated = await admin.post(`/auth/realms/${realm.id}`, { description: 'Clinical research' });
      expect(updated.statusCode).toBe(202);
      expect(updated.json().description).toBe('Clinical research');

      const deleted = await admin.delete(`/auth/realms/${realm.id}`);
      expect(deleted.statusCode).toBe(202);
      expect(deleted.json().id).toBe(realm.id);
      expect((await admin.get(`/auth/realms/${realm.id}`)).statusCode).toBe(404);
    });

    it('generates a name when none is given', async () => {
      const created = await admin.post('/auth/realms', {});
      expect(created.json().name).toMatch(/^[a-z0-9]{21}$/);
    });

    it('keeps the master realm: no rename, no delete', async () => {
      const rename = await admin.post(`/auth/realms/${masterId}`, { name: 'main' });
      expect(rename.statusCode).toBe(400);
      expect(rename.json().message).toBe('The master realm can not be renamed.');
      const remove = await admin.delete(`/auth/realms/${masterId}`);
      expect(remove.json().message).toBe('A built-in realm can not be deleted.');
    });

    it('validates names and reports the invalid attributes', async () => {
      const response = await admin.post('/auth/realms', { name: 'a b', description: 'abc' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        message: 'The attributes name, description are invalid.',
      });
      const duplicate = await admin.post('/auth/realms', { name: 'master' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().code).toBe('conflict');
    });
  });

  describe('users', () => {
    it('never returns a password and shows the e-mail only on request', async () => {
      const created = await admin.post('/auth/users', {
        name: 'bob',
        email: 'bob@example.org',
        password: 'Bob-Passw0rd',
      });
      expect(created.statusCode).toBe(201);
      const user = created.json();
      expect(user).not.toHaveProperty('password');
      expect(user).not.toHaveProperty('email');
      expect(user.realm_id).toBe(masterId);
      expect(user.display_name).toBe('bob');

      const plain = (await admin.get(`/auth/users/${user.id}`)).json();
      expect(plain).not.toHaveProperty('email');
      const withEmail = (await admin.get(`/auth/users/${user.id}?fields=%2Bemail`)).json();
      expect(withEmail.email).toBe('bob@example.org');
      expect((await admin.get('/auth/users/bob')).json().id).toBe(user.id);
    });

    it('applies the password rule', async () => {
      const weak = await admin.post('/auth/users', { name: 'weakling', password: 'password' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().issues[0]).toMatchObject({ path: 'password' });
      const mismatch = await admin.post('/auth/users', {
        name: 'typo',
        password: 'Good-Passw0rd',
        password_repeat: 'Good-Passw0rd!',
      });
      expect(mismatch.json().issues[0]).toMatchObject({ path: 'password_repeat' });
    });

    it('refuses reserved names', async () => {
      const response = await admin.post('/auth/users', { name: 'system-user' });
      expect(response.statusCode).toBe(400);
    });

    it('lets users read and edit their own profile, but not their status or others', async () => {
      await admin.post('/auth/users', { name: 'carol', password: 'Carol-Passw0rd', name_locked: false });
      const carol = await signIn(ctx.app, 'carol', 'Carol-Passw0rd');
      const me = (await carol.get('/auth/users/@me')).json();

      const own = await carol.get(`/auth/users/${me.id}`);
      expect(own.statusCode).toBe(200);
      const edit = await carol.post(`/auth/users/${me.id}`, { display_name: 'Carol C.' });
      expect(edit.statusCode).toBe(202);
      expect(edit.json().display_name).toBe('Carol C.');

      const activate = await carol.post(`/auth/users/${me.id}`, { active: false });
      expect(activate.statusCode).toBe(403);
      expect(activate.json().message).toBe('You may not change active of your own account.');

      const adminId = (await admin.get('/auth/users/admin')).json().id;
      expect((await carol.get(`/auth/users/${adminId}`)).statusCode).toBe(403);
      expect((await carol.get('/auth/users')).statusCode).toBe(403);
      expect((await carol.post(`/auth/users/${adminId}`, { display_name: 'pwned' })).statusCode).toBe(403);
    });

    it('answers anonymous callers with 401', async () => {
      const response = await ctx.app.inject({ url: '/auth/users' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('permission_evaluation_failed');
    });

    it('refuses hostile list queries with a 400 naming the parameter', async () => {
      const response = await admin.get('/auth/users?filter[name;drop table auth_users]=x');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('filter[name;drop table auth_users]');
      const injected = await admin.get(`/auth/users?filter[name]=${encodeURIComponent("' OR 1=1--")}`);
      expect(injected.statusCode).toBe(200);
      expect(injected.json().meta.total).toBe(0);
      const secret = await admin.get('/auth/users?fields=%2Bpassword');
      expect(secret.statusCode).toBe(400);
      expect((await admin.get('/auth/users')).json().meta.total).toBeGreaterThan(0);
    });
  });

  describe('robots and clients', () => {
    it('shows a robot secret once and signs the robot in with it', async () => {
      const created = await admin.post('/auth/robots', { name: 'ci-runner' });
      expect(created.statusCode).toBe(201);
      const robot = created.json();
      expect(robot.secret).toMatch(/^[A-Za-z0-9]{64}$/);

      const read = (await admin.get(`/auth/robots/${robot.id}`)).json();
      expect(read).not.toHaveProperty('secret');
      // Asked for, the secret field tells that a secret is set, never the stored hash.
      const asked = (await admin.get(`/auth/robots/${robot.id}?fields=%2Bsecret`)).json();
      expect(asked).toMatchObject({ secret: null, secret_set: true });

      const login = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'robot_credentials', id: robot.id, secret: robot.secret },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).not.toHaveProperty('refresh_token');

      // Saving without a secret keeps it; a new one replaces it.
      await admin.post(`/auth/robots/${robot.id}`, { secret: null, display_name: 'CI' });
      const still = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { id: 'ci-runner', secret: robot.secret },
      });
      expect(still.statusCode).toBe(200);
      const rotated = await admin.post(`/auth/robots/${robot.id}`, { secret: 'a-brand-new-secret' });
      expect(rotated.json().secret).toBe('a-brand-new-secret');
      const old = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { id: 'ci-runner', secret: robot.secret },
      });
      expect(old.statusCode).toBe(400);
    });

    it('issues client credentials tokens only to confidential clients', async () => {
      const confidential = (await admin.post('/auth/clients', { name: 'etl', is_confidential: true })).json();
      expect(confidential.secret).toMatch(/^[A-Za-z0-9\-_!.]{64}$/);
      const basic = Buffer.from(`${confidential.id}:${confidential.secret}`).toString('base64');
      const token = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        headers: { authorization: `Basic ${basic}` },
        payload: { grant_type: 'client_credentials' },
      });
      expect(token.statusCode).toBe(200);

      const open = (
        await admin.post('/auth/clients', { name: 'spa', redirect_uri: 'https://app.example.org/cb' })
      ).json();
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'client_credentials', client_id: open.id, client_secret: open.secret },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('invalid_client');
    });
  });

  describe('policies', () => {
    it('stores type settings and shows them flat', async () => {
      const created = await admin.post('/auth/policies', {
        name: 'office-hours',
        type: 'time',
        start: '08:00',
        end: '18:00',
        interval: 'weekly',
        dayOfWeek: 1,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'office-hours',
        type: 'time',
        start: '08:00',
        dayOfWeek: 1,
      });
      expect(created.json()).not.toHaveProperty('config');
      const list = (await admin.get('/auth/policies?filter[type]=time')).json();
      expect(list.data[0]).toMatchObject({ start: '08:00', end: '18:00' });
    });

    it('stores several weekdays (Monday to Friday) and refuses a list that is no set of weekdays', async () => {
      const created = await admin.post('/auth/policies', {
        name: 'workdays',
        type: 'time',
        interval: 'weekly',
        dayOfWeek: [1, 2, 3, 4, 5],
      });
      expect(created.statusCode).toBe(201);
      const read = (await admin.get(`/auth/policies/${created.json().id}`)).json();
      expect(read.dayOfWeek).toEqual([1, 2, 3, 4, 5]);

      for (const dayOfWeek of [[], [1, 7], [2, 2]]) {
        const refused = await admin.post('/auth/policies', {
          name: 'bad-days',
          type: 'time',
          interval: 'weekly',
          dayOfWeek,
        });
        expect(refused.statusCode, JSON.stringify(dayOfWeek)).toBe(400);
        expect((refused.json().issues as Array<{ path: string }>)[0]!.path).toMatch(/^dayOfWeek/);
      }
    });

    it('names each invalid setting', async () => {
      const response = await admin.post('/auth/policies', {
        name: 'bad-time',
        type: 'time',
        dayOfWeek: 7,
        start: '25:00',
      });
      expect(response.statusCode).toBe(400);
      const paths = (response.json().issues as Array<{ path: string }>).map((issue) => issue.path).sort();
      expect(paths).toEqual(['dayOfWeek', 'start']);
      const unknown = await admin.post('/auth/policies', { name: 'mystery', type: 'astrology' });
      expect(unknown.statusCode).toBe(400);
    });

    it('nests policies only below composites and keeps the type fixed', async () => {
      const group = (
        await admin.post('/auth/policies', {
          name: 'group',
          type: 'composite',
          decisionStrategy: 'affirmative',
        })
      ).json();
      const leaf = (
        await admin.post('/auth/policies', {
          name: 'robots-only',
          type: 'identity',
          types: ['robot'],
          parent_id: group.id,
        })
      ).json();
      expect(leaf.parent_id).toBe(group.id);
      const below = await admin.post('/auth/policies', {
        name: 'below-leaf',
        type: 'identity',
        parent_id: leaf.id,
      });
      expect(below.json().message).toBe('The parent policy must be of type composite.');
      const cycle = await admin.post(`/auth/policies/${group.id}`, { parent_id: group.id });
      expect(cycle.statusCode).toBe(400);
      const retype = await admin.post(`/auth/policies/${leaf.id}`, { type: 'date' });
      expect(retype.json().message).toBe('The type of a policy can not be changed.');
    });
  });

  describe('assignments', () => {
    it('assigns and removes a role once', async () => {
      const role = (await admin.post('/auth/roles', { name: 'auditor' })).json();
      const user = (await admin.post('/auth/users', { name: 'dave' })).json();
      const link = await admin.post('/auth/user-roles', { user_id: user.id, role_id: role.id });
      expect(link.statusCode).toBe(201);
      expect(link.json()).toMatchObject({
        user_id: user.id,
        role_id: role.id,
        user_realm_id: masterId,
        role_realm_id: null,
      });
      expect((await admin.post('/auth/user-roles', { user_id: user.id, role_id: role.id })).statusCode).toBe(
        409,
      );

      const listed = (await admin.get(`/auth/user-roles?filter[user_id]=${user.id}&include=role`)).json();
      expect(listed.data).toHaveLength(1);
      expect(listed.data[0].role).toMatchObject({ name: 'auditor' });

      expect((await admin.delete(`/auth/user-roles/${link.json().id}`)).statusCode).toBe(202);
      expect((await admin.get(`/auth/user-roles?filter[user_id]=${user.id}`)).json().meta.total).toBe(0);
    });

    it('grants a new permission to the admin role at once', async () => {
      const permission = (await admin.post('/auth/permissions', { name: 'report_export' })).json();
      const links = (await admin.get(`/auth/role-permissions?filter[permission_id]=${permission.id}`)).json();
      expect(links.meta.total).toBe(1);
    });

    it('keeps built-in permissions and scopes', async () => {
      const builtIn = (await admin.get('/auth/permissions?filter[name]=user_read')).json().data[0];
      expect((await admin.post(`/auth/permissions/${builtIn.id}`, { name: 'user_peek' })).statusCode).toBe(
        400,
      );
      expect((await admin.delete(`/auth/permissions/${builtIn.id}`)).statusCode).toBe(400);
      const scope = (await ctx.app.inject({ url: '/auth/scopes?filter[name]=openid' })).json().data[0];
      expect((await admin.delete(`/auth/scopes/${scope.id}`)).statusCode).toBe(400);
    });
  });
});

describe('realm isolation', () => {
  let ctx: TestApp;
  let admin: Caller;
  let alice: Caller;
  let acme: { id: string };
  let masterId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
    acme = (await admin.post('/auth/realms', { name: 'acme' })).json();
    await admin.post('/auth/realms', { name: 'globex' });

    // A realm administrator role of acme, holding the user permissions.
    const role = (await admin.post('/auth/roles', { name: 'acme-admin', realm_id: acme.id })).json();
    const userPermissions = (
      await admin.get(
        '/auth/permissions?filter[name]=user_read,user_create,user_update,user_delete,user_role_create',
      )
    ).json();
    for (const permission of userPermissions.data) {
      expect(
        (await admin.post('/auth/role-permissions', { role_id: role.id, permission_id: permission.id }))
          .statusCode,
      ).toBe(201);
    }
    const aliceUser = (
      await admin.post('/auth/users', { name: 'alice', password: 'Alice-Passw0rd', realm_id: acme.id })
    ).json();
    await admin.post('/auth/user-roles', { user_id: aliceUser.id, role_id: role.id });
    await admin.post('/auth/users', { name: 'wile', realm_id: acme.id });
    alice = await signIn(ctx.app, 'alice', 'Alice-Passw0rd', 'acme');
  });
  afterAll(() => ctx.close());

  it('lists only the users of her realm, with a total that counts only them', async () => {
    const list = (await alice.get('/auth/users?page[limit]=50')).json();
    expect(list.data.map((user: { name: string }) => user.name).sort()).toEqual(['alice', 'wile']);
    expect(list.meta.total).toBe(2);
    const adminTotal = (await admin.get('/auth/users')).json().meta.total;
    expect(adminTotal).toBeGreaterThan(2);
  });

  it('cannot see or touch a user of another realm', async () => {
    const adminUser = (await admin.get('/auth/users/admin')).json();
    expect((await alice.get(`/auth/users/${adminUser.id}`)).statusCode).toBe(404);
    expect((await alice.post(`/auth/users/${adminUser.id}`, { display_name: 'Intruder' })).statusCode).toBe(
      404,
    );
    expect((await alice.delete(`/auth/users/${adminUser.id}`)).statusCode).toBe(404);
    const filtered = (await alice.get(`/auth/users?filter[realm_id]=${masterId}`)).json();
    expect(filtered.meta.total).toBe(0);
  });

  it('creates users in her own realm only', async () => {
    const own = await alice.post('/auth/users', { name: 'roadrunner' });
    expect(own.statusCode).toBe(201);
    expect(own.json().realm_id).toBe(acme.id);
    const foreign = await alice.post('/auth/users', { name: 'intruder', realm_id: masterId });
    expect(foreign.statusCode).toBe(403);
    expect((await admin.get('/auth/users?filter[name]=intruder')).json().meta.total).toBe(0);
  });

  it('cannot grant herself the global admin role', async () => {
    const adminRole = (await admin.get('/auth/roles?filter[name]=admin')).json().data[0];
    const me = (await alice.get('/auth/users/@me')).json();
    const response = await alice.post('/auth/user-roles', { user_id: me.id, role_id: adminRole.id });
    expect(response.statusCode).toBe(403);
    expect((await admin.get(`/auth/user-roles?filter[user_id]=${me.id}`)).json().meta.total).toBe(1);
  });

  it('sees the realm list but manages no realm', async () => {
    expect((await alice.get('/auth/realms')).json().meta.total).toBe(1);
    expect((await alice.delete(`/auth/realms/${acme.id}`)).statusCode).toBe(403);
  });
});
