/**
 * Contract: the official identity client `@authup/core-http-kit@1.0.0-beta.26` against the real
 * server process (docs/design.md §1). Everything goes through the client as an application would use it;
 * the assertions are what such an application notices.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  Client,
  ClientAuthenticationHook,
  createTokenCreator,
  getClientErrorCode,
  isClientError,
} from '@authup/core-http-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'Contract-Admin-Passw0rd';
const RUN = randomBytes(3).toString('hex');
let counter = 0;
/** A fresh name for this run; short enough for every resource (roles allow 30 characters). */
const unique = (prefix: string) => `${prefix}-${RUN}-${(counter += 1)}`;

interface Failure {
  status: number | undefined;
  code: string | null;
  message: string;
}

/** The error a client call ends with, as an application sees it; fails the test if the call succeeds. */
async function failure(call: Promise<unknown>): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    if (!isClientError(error)) throw error;
    return { status: error.response?.status, code: getClientErrorCode(error), message: error.message };
  }
  throw new Error('The call succeeded, but it should have failed.');
}

describe('@authup/core-http-kit against the identity server', () => {
  let server: RunningServer;
  let baseURL: string;
  /** Signed in as the administrator. */
  let api: Client;

  /** A client of its own for one token, as a separate application would hold it. */
  const clientWith = (accessToken: string) => {
    const client = new Client({ baseURL });
    client.setAuthorizationHeader({ type: 'Bearer', token: accessToken });
    return client;
  };

  const signIn = (name: string, password: string, realm?: { realmId?: string; realmName?: string }) =>
    createTokenCreator({ type: 'user', baseURL, name, password, ...realm })();

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    // The client resolves its OAuth2 endpoints relative to the base URL, so it ends with a slash.
    baseURL = `${server.url}/auth/`;
    const grant = await signIn('admin', ADMIN_PASSWORD);
    api = clientWith(grant.access_token);
  });
  afterAll(() => server?.destroy());

  describe('signing in and tokens', () => {
    it('signs the administrator in with the password grant and shows the profile at users/@me', async () => {
      const grant = await signIn('admin', ADMIN_PASSWORD);
      expect(grant).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
      expect(grant.access_token.split('.')).toHaveLength(3);
      expect(typeof grant.refresh_token).toBe('string');

      const profile = await new Client({ baseURL }).userInfo.get(`Bearer ${grant.access_token}`);
      expect(profile).toMatchObject({ name: 'admin', realm_name: 'master', active: true });
      expect(profile.sub).toBe(profile.id);
      expect(profile).not.toHaveProperty('password');
    });

    it('refuses a wrong password with invalid_credentials and an unknown account the same way', async () => {
      const wrong = await failure(signIn('admin', 'Not-The-Passw0rd'));
      expect(wrong).toEqual({
        status: 400,
        code: 'invalid_credentials',
        message: 'The user credentials are invalid.',
      });
      const unknown = await failure(signIn(unique('nobody'), 'Not-The-Passw0rd'));
      expect(unknown.code).toBe('invalid_credentials');
    });

    it('introspects an access token with its claims and the permissions of its subject', async () => {
      const grant = await signIn('admin', ADMIN_PASSWORD);
      const claims = await api.token.introspect<{
        active: boolean;
        kind: string;
        sub_kind: string;
        realm_name: string;
        scope: string;
        permissions: Array<{ name: string }>;
      }>({ token: grant.access_token });
      expect(claims).toMatchObject({
        active: true,
        kind: 'access_token',
        sub_kind: 'user',
        realm_name: 'master',
        scope: 'global',
      });
      expect(claims.permissions.map((permission) => permission.name)).toEqual(
        expect.arrayContaining(['user_create', 'realm_delete', 'client_update']),
      );
    });

    it('refreshes a token pair once; the used refresh token is refused afterwards', async () => {
      const first = await signIn('admin', ADMIN_PASSWORD);
      const second = await api.token.createWithRefreshToken({ refresh_token: first.refresh_token! });
      expect(second.access_token).not.toBe(first.access_token);
      expect(second.refresh_token).toBeTruthy();
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(await new Client({ baseURL }).userInfo.get(second.access_token)).toMatchObject({
        name: 'admin',
      });

      const replay = await failure(api.token.createWithRefreshToken({ refresh_token: first.refresh_token! }));
      expect(replay).toMatchObject({ status: 400, code: 'invalid_grant' });
    });

    it('revokes an access token: introspection reports it inactive and the API refuses it', async () => {
      const grant = await signIn('admin', ADMIN_PASSWORD);
      const revocation = await api.token.revoke({ token: grant.access_token });
      expect(revocation.status).toBe(200);
      expect(await api.token.introspect({ token: grant.access_token })).toEqual({ active: false });

      const refused = await failure(clientWith(grant.access_token).user.getMany());
      expect(refused).toMatchObject({ status: 401, code: 'inactive_token' });
    });

    it('serves the discovery document and the signing keys the tokens are signed with', async () => {
      const discovery = await api.getWellKnownOpenIDConfiguration();
      expect(discovery.issuer).toBe(`${server.url}/auth`);
      expect(discovery.token_endpoint).toBe(`${server.url}/auth/token`);

      const grant = await signIn('admin', ADMIN_PASSWORD);
      const header = JSON.parse(Buffer.from(grant.access_token.split('.')[0]!, 'base64url').toString()) as {
        kid: string;
      };
      // A JWK set (RFC 7517 §5), as the original server sends it; the client's type claims a bare array.
      const set = (await api.getJwks()) as unknown as { keys: Array<{ kid: string }> };
      expect(set.keys.map((key) => key.kid)).toContain(header.kid);
      expect(await api.getJwk(header.kid)).toMatchObject({ kid: header.kid, kty: 'RSA' });
      expect(await failure(api.getJwk(randomUUID()))).toMatchObject({ status: 404 });
    });
  });

  describe('realms', () => {
    it('creates, lists with filter, sort and page, reads, updates and deletes realms', async () => {
      const prefix = unique('realm');
      const alpha = await api.realm.create({ name: `${prefix}-a`, display_name: 'Alpha' });
      const beta = await api.realm.create({ name: `${prefix}-b`, display_name: 'Beta' });
      expect(alpha).toMatchObject({ name: `${prefix}-a`, display_name: 'Alpha', built_in: false });
      expect(alpha.id).toMatch(/^[0-9a-f-]{36}$/);

      const page = await api.realm.getMany({
        filter: { name: `~${prefix}` },
        sort: { name: 'DESC' },
        page: { limit: 1, offset: 0 },
      });
      expect(page.meta).toEqual({ total: 2, limit: 1, offset: 0 });
      expect(page.data.map((realm) => realm.name)).toEqual([`${prefix}-b`]);

      expect(await api.realm.getOne(alpha.id)).toMatchObject({ id: alpha.id, name: `${prefix}-a` });
      expect(await api.realm.getOne(`${prefix}-b`)).toMatchObject({ id: beta.id });

      const updated = await api.realm.update(alpha.id, { display_name: 'Alpha Site' });
      expect(updated).toMatchObject({ id: alpha.id, display_name: 'Alpha Site' });

      const deleted = await api.realm.delete(beta.id);
      expect(deleted).toMatchObject({ id: beta.id, name: `${prefix}-b` });
      expect(await failure(api.realm.getOne(beta.id))).toMatchObject({
        status: 404,
        code: 'entity_not_found',
      });
      expect((await api.realm.getMany({ filter: { name: `~${prefix}` } })).meta.total).toBe(1);
    });

    it('reports a duplicate name as 409 and keeps the master realm', async () => {
      const name = unique('realm');
      await api.realm.create({ name });
      expect(await failure(api.realm.create({ name }))).toMatchObject({ status: 409, code: 'conflict' });

      const [master] = (await api.realm.getMany({ filter: { name: 'master' } })).data;
      const refused = await failure(api.realm.delete(master!.id));
      expect(refused).toMatchObject({ status: 400, message: 'A built-in realm can not be deleted.' });
    });
  });

  describe('users', () => {
    it('creates a user who can then sign in, by realm id or realm name', async () => {
      const realm = await api.realm.create({ name: unique('realm') });
      const name = unique('alice');
      const user = await api.user.create({
        name,
        password: 'Alice-Passw0rd',
        email: `${name}@example.org`,
        realm_id: realm.id,
      });
      expect(user).toMatchObject({ name, display_name: name, active: true, realm_id: realm.id });
      expect(user).not.toHaveProperty('password');

      const byId = await signIn(name, 'Alice-Passw0rd', { realmId: realm.id });
      const profile = await new Client({ baseURL }).userInfo.get(byId.access_token);
      expect(profile).toMatchObject({ id: user.id, realm_id: realm.id, realm_name: realm.name });
      await expect(signIn(name, 'Alice-Passw0rd', { realmName: realm.name })).resolves.toHaveProperty(
        'access_token',
      );
      // Without a realm, every account of that name is tried.
      await expect(signIn(name, 'Alice-Passw0rd')).resolves.toHaveProperty('access_token');
    });

    it('lists with filter, include, sort and page and reads opt-in fields', async () => {
      const realm = await api.realm.create({ name: unique('realm') });
      const prefix = unique('user');
      for (const suffix of ['c', 'a', 'b']) {
        await api.user.create({
          name: `${prefix}-${suffix}`,
          email: `${suffix}@example.org`,
          realm_id: realm.id,
        });
      }
      const page = await api.user.getMany({
        filter: { realm_id: realm.id },
        include: { realm: true },
        sort: { name: 'ASC' },
        page: { limit: 2, offset: 1 },
      });
      expect(page.meta).toEqual({ total: 3, limit: 2, offset: 1 });
      expect(page.data.map((user) => user.name)).toEqual([`${prefix}-b`, `${prefix}-c`]);
      expect(page.data[0]!.realm).toMatchObject({ id: realm.id, name: realm.name });
      // The e-mail address is hidden unless asked for.
      expect(page.data[0]).not.toHaveProperty('email');

      const withEmail = await api.user.getOne(page.data[0]!.id, { fields: ['+email'] });
      expect(withEmail).toMatchObject({ name: `${prefix}-b`, email: 'b@example.org' });
      const byName = await api.user.getMany({ filter: { name: [`${prefix}-a`, `${prefix}-c`] } });
      expect(byName.data.map((user) => user.name).sort()).toEqual([`${prefix}-a`, `${prefix}-c`]);
    });

    it('changes the password on update, deactivates and deletes: each is felt at sign-in', async () => {
      const name = unique('bob');
      const user = await api.user.create({ name, password: 'Bob-Passw0rd-1' });
      await signIn(name, 'Bob-Passw0rd-1');

      const updated = await api.user.update(user.id, {
        display_name: 'Bob Builder',
        password: 'Bob-Passw0rd-2',
        password_repeat: 'Bob-Passw0rd-2',
      });
      expect(updated).toMatchObject({ id: user.id, display_name: 'Bob Builder' });
      expect((await failure(signIn(name, 'Bob-Passw0rd-1'))).code).toBe('invalid_credentials');
      const grant = await signIn(name, 'Bob-Passw0rd-2');

      await api.user.update(user.id, { active: false });
      expect(await failure(signIn(name, 'Bob-Passw0rd-2'))).toMatchObject({
        status: 400,
        code: 'entity_inactive',
      });
      // A token issued before is no good either once the account is inactive.
      expect((await failure(clientWith(grant.access_token).userInfo.get())).status).toBe(401);

      const deleted = await api.user.delete(user.id);
      expect(deleted).toMatchObject({ id: user.id, name });
      expect(await failure(api.user.getOne(user.id))).toMatchObject({ status: 404 });
      expect((await failure(signIn(name, 'Bob-Passw0rd-2'))).code).toBe('invalid_credentials');
    });

    it('creates or updates by name with PUT and reports a duplicate name as 409', async () => {
      const name = unique('carol');
      const created = await api.user.createOrUpdate(name, { display_name: 'Carol' });
      expect(created).toMatchObject({ name, display_name: 'Carol' });
      const again = await api.user.createOrUpdate(name, { display_name: 'Carol C.' });
      expect(again).toMatchObject({ id: created.id, display_name: 'Carol C.' });

      expect(await failure(api.user.create({ name }))).toMatchObject({ status: 409, code: 'conflict' });
      expect(await failure(api.user.getOne(randomUUID()))).toMatchObject({
        status: 404,
        code: 'entity_not_found',
      });
      expect(await failure(api.user.update(randomUUID(), { display_name: 'Nobody' }))).toMatchObject({
        status: 404,
      });
      expect(await failure(api.user.delete(randomUUID()))).toMatchObject({ status: 404 });
    });

    it('reports invalid input per field', async () => {
      const invalid = await failure(api.user.create({ name: 'x', password: 'short' }));
      expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
    });
  });

  describe('robots', () => {
    it('shows the secret once, signs the robot in with it and refuses it after deletion', async () => {
      const name = unique('robot');
      const robot = await api.robot.create({ name, display_name: 'Build robot' });
      expect(robot).toMatchObject({ name, display_name: 'Build robot', active: true });
      expect(typeof robot.secret).toBe('string');
      expect(await api.robot.getOne(robot.id)).not.toHaveProperty('secret');

      const grant = await createTokenCreator({
        type: 'robot',
        baseURL,
        id: robot.id,
        secret: robot.secret,
      })();
      expect(grant.refresh_token).toBeUndefined();
      const claims = await api.token.introspect({ token: grant.access_token });
      expect(claims).toMatchObject({ active: true, sub: robot.id, sub_kind: 'robot' });
      // The robot may read itself with its own token.
      expect(await clientWith(grant.access_token).robot.getOne(robot.id)).toMatchObject({ id: robot.id });

      await api.robot.delete(robot.id);
      const refused = await failure(
        createTokenCreator({ type: 'robot', baseURL, id: robot.id, secret: robot.secret })(),
      );
      expect(refused).toMatchObject({ status: 400, code: 'invalid_credentials' });
    });

    it('keeps an application signed in through the authentication hook, also after revocation', async () => {
      const robot = await api.robot.create({ name: unique('robot') });
      const hook = new ClientAuthenticationHook({
        baseURL,
        timer: false,
        tokenCreator: { type: 'robot', id: robot.id, secret: robot.secret },
      });
      const refreshed: string[] = [];
      hook.on('refreshFinished', (response) => refreshed.push(response.access_token));
      const service = new Client({ baseURL });
      hook.attach(service);

      // No token yet: the 401 makes the hook sign the robot in and repeat the request.
      expect(await service.robot.getOne(robot.id)).toMatchObject({ id: robot.id });
      expect(refreshed).toHaveLength(1);

      // A revoked token is refused with a token error code; the hook signs in again.
      await api.token.revoke({ token: refreshed[0]! });
      expect(await service.robot.getOne(robot.id)).toMatchObject({ id: robot.id });
      expect(refreshed).toHaveLength(2);
      hook.detach(service);
    });

    it('lists, updates, regenerates the secret and creates or updates by name', async () => {
      const realm = await api.realm.create({ name: unique('realm') });
      const prefix = unique('robot');
      const first = await api.robot.create({ name: `${prefix}-1`, realm_id: realm.id });
      await api.robot.create({ name: `${prefix}-2`, realm_id: realm.id });

      const list = await api.robot.getMany({
        filter: { realm_id: realm.id },
        include: { realm: true },
        sort: { name: 'DESC' },
      });
      expect(list.meta.total).toBe(2);
      expect(list.data.map((robot) => robot.name)).toEqual([`${prefix}-2`, `${prefix}-1`]);
      expect(list.data[0]!.realm).toMatchObject({ name: realm.name });
      expect(list.data.some((robot) => 'secret' in robot)).toBe(false);

      const renamed = await api.robot.update(first.id, {
        display_name: 'First robot',
        secret: 'New-Robot-Secret-1',
      });
      expect(renamed).toMatchObject({ id: first.id, display_name: 'First robot' });
      await createTokenCreator({ type: 'robot', baseURL, id: first.id, secret: 'New-Robot-Secret-1' })();
      expect(
        (await failure(createTokenCreator({ type: 'robot', baseURL, id: first.id, secret: first.secret })()))
          .code,
      ).toBe('invalid_credentials');

      const put = await api.robot.createOrUpdate(first.id, { description: 'Runs the nightly build.' });
      expect(put).toMatchObject({ id: first.id, description: 'Runs the nightly build.' });
      expect(await failure(api.robot.create({ name: `${prefix}-2`, realm_id: realm.id }))).toMatchObject({
        status: 409,
      });
    });
  });

  describe('clients', () => {
    it('creates a confidential client whose credentials grant a token, then updates and deletes it', async () => {
      const name = unique('client');
      const client = await api.client.create({
        name,
        display_name: 'Analysis app',
        is_confidential: true,
        redirect_uri: 'https://app.example.org/callback',
      });
      expect(client).toMatchObject({
        name,
        is_confidential: true,
        redirect_uri: 'https://app.example.org/callback',
      });
      expect(typeof client.secret).toBe('string');
      expect(await api.client.getOne(client.id)).not.toHaveProperty('secret');

      const grant = await api.token.createWithClientCredentials({
        client_id: client.id,
        client_secret: client.secret,
      });
      expect(await api.token.introspect({ token: grant.access_token })).toMatchObject({
        active: true,
        sub: client.id,
        sub_kind: 'client',
        client_id: client.id,
      });
      const wrong = await failure(
        api.token.createWithClientCredentials({ client_id: client.id, client_secret: 'wrong-secret' }),
      );
      expect(wrong).toMatchObject({ status: 401, code: 'invalid_client' });

      // rapiq's types leave out relations that may be null, such as a client's realm.
      const list = await api.client.getMany({ filter: { name }, include: { realm: true } as never });
      expect(list.meta.total).toBe(1);
      expect(list.data[0]!.realm).toMatchObject({ name: 'master' });

      const updated = await api.client.update(client.id, { display_name: 'Analysis app (v2)' });
      expect(updated).toMatchObject({ id: client.id, display_name: 'Analysis app (v2)' });
      expect(updated).not.toHaveProperty('secret');

      await api.client.delete(client.id);
      expect(await failure(api.client.getOne(client.id))).toMatchObject({ status: 404 });
      const gone = await failure(
        api.token.createWithClientCredentials({ client_id: client.id, client_secret: client.secret }),
      );
      expect(gone.code).toBe('invalid_client');
      expect(await failure(api.client.create({ name: 'ab' }))).toMatchObject({ status: 400 });
    });
  });

  describe('roles, scopes and permissions', () => {
    it('manages roles', async () => {
      const name = unique('role');
      const role = await api.role.create({ name, description: 'Reviews analyses.' });
      expect(role).toMatchObject({ name, description: 'Reviews analyses.', built_in: false });
      expect(await failure(api.role.create({ name }))).toMatchObject({ status: 409, code: 'conflict' });

      const list = await api.role.getMany({ filter: { name: `~${name}` }, sort: { name: 'ASC' } });
      expect(list.data.map((item) => item.id)).toEqual([role.id]);
      expect(await api.role.getOne(role.id)).toMatchObject({ name });
      expect(await api.role.update(role.id, { display_name: 'Reviewer' })).toMatchObject({
        display_name: 'Reviewer',
      });
      expect(await api.role.delete(role.id)).toMatchObject({ id: role.id });
      expect(await failure(api.role.getOne(role.id))).toMatchObject({ status: 404 });

      const [admin] = (await api.role.getMany({ filter: { name: 'admin' } })).data;
      expect(await failure(api.role.delete(admin!.id))).toMatchObject({ status: 400 });
    });

    it('manages scopes, with the built-in ones listed and kept', async () => {
      const builtIn = await api.scope.getMany({ filter: { built_in: true }, sort: { name: 'ASC' } });
      expect(builtIn.data.map((scope) => scope.name)).toEqual(
        expect.arrayContaining(['email', 'global', 'identity', 'openid']),
      );
      const openid = builtIn.data.find((scope) => scope.name === 'openid')!;
      expect(await failure(api.scope.delete(openid.id))).toMatchObject({ status: 400 });

      const name = unique('scope');
      const scope = await api.scope.create({ name, display_name: 'Analyses' });
      expect(scope).toMatchObject({ name, built_in: false });
      expect(await api.scope.update(scope.id, { description: 'Read analyses.' })).toMatchObject({
        description: 'Read analyses.',
      });
      expect((await api.scope.getMany({ filter: { name } })).meta.total).toBe(1);
      await api.scope.delete(scope.id);
      expect(await failure(api.scope.getOne(scope.id))).toMatchObject({ status: 404 });
    });

    it('manages permissions; the administrator holds a new one at once', async () => {
      const name = unique('permission');
      const permission = await api.permission.create({ name, description: 'Approve analyses.' });
      expect(permission).toMatchObject({ name, built_in: false });
      expect(await failure(api.permission.create({ name }))).toMatchObject({ status: 409 });

      const grant = await signIn('admin', ADMIN_PASSWORD);
      const claims = await api.token.introspect<{ permissions: Array<{ name: string }> }>({
        token: grant.access_token,
      });
      expect(claims.permissions.map((item) => item.name)).toContain(name);

      const list = await api.permission.getMany({
        filter: { name: `~${name}` },
        include: { realm: true } as never,
      });
      // Created by a master-realm administrator, the permission is global: it has no realm.
      expect(list.data).toEqual([expect.objectContaining({ name, realm_id: null, realm: null })]);
      expect(await api.permission.getOne(permission.id)).toMatchObject({ name });
      expect(await api.permission.update(permission.id, { display_name: 'Approve' })).toMatchObject({
        display_name: 'Approve',
      });

      const builtIn = (await api.permission.getMany({ filter: { name: 'user_create' } })).data[0]!;
      expect(await failure(api.permission.delete(builtIn.id))).toMatchObject({ status: 400 });
      await api.permission.delete(permission.id);
      expect(await failure(api.permission.getOne(permission.id))).toMatchObject({ status: 404 });
    });
  });

  describe('policies', () => {
    it('creates a composite with children, shows type settings flat, updates and deletes', async () => {
      const group = await api.policy.create({
        name: unique('policy'),
        type: 'composite',
        decisionStrategy: 'affirmative',
      });
      expect(group).toMatchObject({ type: 'composite', decisionStrategy: 'affirmative', parent_id: null });

      const hours = await api.policy.create({
        name: unique('policy'),
        type: 'time',
        start: '08:00',
        end: '18:00',
        parent_id: group.id,
      });
      const robots = await api.policy.create({
        name: unique('policy'),
        type: 'identity',
        types: ['robot'],
        parent_id: group.id,
      });
      expect(hours).toMatchObject({ type: 'time', start: '08:00', end: '18:00', parent_id: group.id });

      const children = await api.policy.getMany({
        filter: { parent_id: group.id },
        sort: { name: 'ASC' },
        include: { parent: true },
      } as never);
      expect(children.meta.total).toBe(2);
      expect(children.data.map((policy) => policy.id).sort()).toEqual([hours.id, robots.id].sort());
      expect(children.data[0]).toMatchObject({ parent: { id: group.id, type: 'composite' } });

      const updated = await api.policy.update(hours.id, { end: '17:00', invert: true });
      expect(updated).toMatchObject({ start: '08:00', end: '17:00', invert: true });
      expect(await api.policy.getOne(hours.id)).toMatchObject({ end: '17:00' });

      const invalid = await failure(
        api.policy.create({ name: unique('policy'), type: 'time', start: '25:00' }),
      );
      expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });

      await api.policy.delete(robots.id);
      expect(await failure(api.policy.getOne(robots.id))).toMatchObject({ status: 404 });
    });
    it('evaluates permissions and policies through check and expands a policy tree', async () => {
      const group = await api.policy.create({
        name: unique('policy'),
        type: 'composite',
        decisionStrategy: 'unanimous',
      });
      const robotsOnly = await api.policy.create({
        name: unique('policy'),
        type: 'identity',
        types: ['robot'],
        parent_id: group.id,
      });
      await api.policy.create({
        name: unique('policy'),
        type: 'attributes',
        query: { status: { $eq: 'approved' } },
        parent_id: group.id,
      });
      const permission = await api.permission.create({ name: unique('permission'), policy_id: group.id });

      const robot = { type: 'robot', id: randomUUID() };
      expect(
        await api.permission.check(permission.id, { identity: robot, attributes: { status: 'approved' } }),
      ).toEqual({ status: 'success' });
      const rejected = await api.permission.check(permission.id, {
        identity: robot,
        attributes: { status: 'draft' },
      });
      expect(rejected).toMatchObject({ status: 'error', data: { statusCode: 403 } });
      // The administrator is a user, not a robot.
      expect((await api.policy.check(robotsOnly.id)).status).toBe('error');
      expect(await api.policy.check(robotsOnly.id, { identity: robot })).toEqual({ status: 'success' });

      const tree = await api.policy.getOneExpanded(group.id);
      expect(tree).toMatchObject({ id: group.id, type: 'composite', decisionStrategy: 'unanimous' });
      expect((tree.children as Array<{ type: string }>).map((child) => child.type).sort()).toEqual([
        'attributes',
        'identity',
      ]);
      expect(await failure(api.policy.getOneExpanded(randomUUID()))).toMatchObject({ status: 404 });
    });
  });

  describe('identity providers', () => {
    it('creates an OAuth2 provider without ever showing its secret, lists, updates and deletes it', async () => {
      const name = unique('idp');
      const settings = {
        name,
        display_name: 'Upstream',
        protocol: 'oauth2' as const,
        client_id: 'federa-hub',
        client_secret: 'upstream-secret',
        token_url: 'https://idp.example.org/token',
        authorize_url: 'https://idp.example.org/authorize',
      };
      const provider = await api.identityProvider.create(settings);
      expect(provider).toMatchObject({ name, protocol: 'oauth2', enabled: true, client_id: 'federa-hub' });
      expect(provider).not.toHaveProperty('client_secret');

      const list = await api.identityProvider.getMany({ filter: { protocol: 'oauth2', name } });
      expect(list.meta.total).toBe(1);
      expect(list.data[0]).not.toHaveProperty('client_secret');
      expect(api.identityProvider.getAuthorizeUri(baseURL, provider.id)).toContain(provider.id);

      const updated = await api.identityProvider.update(provider.id, { enabled: false, display_name: 'Old' });
      expect(updated).toMatchObject({ enabled: false, display_name: 'Old', token_url: settings.token_url });
      expect(await api.identityProvider.getOne(provider.id)).toMatchObject({ enabled: false });

      expect(await failure(api.identityProvider.create(settings))).toMatchObject({ status: 409 });
      await api.identityProvider.delete(provider.id);
      expect(await failure(api.identityProvider.getOne(provider.id))).toMatchObject({ status: 404 });
    });

    it('maps upstream claims to roles', async () => {
      const provider = await api.identityProvider.create({
        name: unique('idp'),
        protocol: 'oauth2',
        client_id: 'federa-hub',
        token_url: 'https://idp.example.org/token',
        authorize_url: 'https://idp.example.org/authorize',
      } as Record<string, unknown>);
      const role = await api.role.create({ name: unique('role') });
      const mapping = await api.identityProviderRoleMapping.create({
        provider_id: provider.id,
        role_id: role.id,
        name: 'groups',
        value: 'analysts',
      } as Record<string, unknown>);
      expect(mapping).toMatchObject({ provider_id: provider.id, role_id: role.id, name: 'groups' });

      const list = await api.identityProviderRoleMapping.getMany({ filter: { provider_id: provider.id } });
      expect(list.data.map((item) => item.id)).toEqual([mapping.id]);
      expect(
        await api.identityProviderRoleMapping.update(mapping.id, { value: 'reviewers' } as Record<
          string,
          unknown
        >),
      ).toMatchObject({ value: 'reviewers' });
      expect(await api.identityProviderRoleMapping.getOne(mapping.id)).toMatchObject({ value: 'reviewers' });
      await api.identityProviderRoleMapping.delete(mapping.id);
      expect(await failure(api.identityProviderRoleMapping.getOne(mapping.id))).toMatchObject({
        status: 404,
      });
    });
  });

  describe('attributes', () => {
    it('manages user attributes and role attributes', async () => {
      const user = await api.user.create({ name: unique('dave') });
      const role = await api.role.create({ name: unique('role') });

      const attribute = await api.userAttribute.create({
        name: 'department',
        value: 'radiology',
        user_id: user.id,
      });
      expect(attribute).toMatchObject({ name: 'department', value: 'radiology', user_id: user.id });
      expect(
        await failure(api.userAttribute.create({ name: 'department', value: 'x', user_id: user.id })),
      ).toMatchObject({ status: 409 });
      const userList = await api.userAttribute.getMany({ filter: { user_id: user.id } });
      expect(userList.data.map((item) => item.name)).toEqual(['department']);
      expect(await api.userAttribute.update(attribute.id, { value: 'oncology' })).toMatchObject({
        value: 'oncology',
      });
      expect(await api.userAttribute.getOne(attribute.id)).toMatchObject({ value: 'oncology' });
      await api.userAttribute.delete(attribute.id);
      expect(await failure(api.userAttribute.getOne(attribute.id))).toMatchObject({ status: 404 });

      const roleAttribute = await api.roleAttribute.create({ name: 'level', value: '3', role_id: role.id });
      expect((await api.roleAttribute.getMany({ filter: { role_id: role.id } })).meta.total).toBe(1);
      expect(await api.roleAttribute.update(roleAttribute.id, { value: '4' })).toMatchObject({ value: '4' });
      expect(await api.roleAttribute.getOne(roleAttribute.id)).toMatchObject({ name: 'level', value: '4' });
      await api.roleAttribute.delete(roleAttribute.id);
      expect(await failure(api.roleAttribute.getOne(roleAttribute.id))).toMatchObject({ status: 404 });
    });
  });

  describe('links', () => {
    it('assigns roles and permissions to a user, which its next token carries', async () => {
      const name = unique('erin');
      const user = await api.user.create({ name, password: 'Erin-Passw0rd' });
      const role = await api.role.create({ name: unique('role') });
      const viaRole = await api.permission.create({ name: unique('permission') });
      const direct = await api.permission.create({ name: unique('permission') });
      const permissionsOf = async () => {
        const grant = await signIn(name, 'Erin-Passw0rd');
        const claims = await api.token.introspect<{ permissions: Array<{ name: string }> }>({
          token: grant.access_token,
        });
        return claims.permissions.map((permission) => permission.name).sort();
      };
      expect(await permissionsOf()).toEqual([]);

      const rolePermission = await api.rolePermission.create({ role_id: role.id, permission_id: viaRole.id });
      const userRole = await api.userRole.create({ user_id: user.id, role_id: role.id });
      const userPermission = await api.userPermission.create({ user_id: user.id, permission_id: direct.id });
      expect(userRole).toMatchObject({ user_id: user.id, role_id: role.id });
      expect(await permissionsOf()).toEqual([direct.name, viaRole.name].sort());

      expect(await failure(api.userRole.create({ user_id: user.id, role_id: role.id }))).toMatchObject({
        status: 409,
        code: 'conflict',
      });
      const roles = await api.userRole.getMany({ filter: { user_id: user.id }, include: { role: true } });
      expect(roles.meta.total).toBe(1);
      expect(roles.data[0]!.role).toMatchObject({ id: role.id, name: role.name });
      expect(await api.userRole.getOne(userRole.id)).toMatchObject({ id: userRole.id });
      const userPermissions = await api.userPermission.getMany({
        filter: { user_id: user.id },
        include: { permission: true },
      });
      expect(userPermissions.data[0]!.permission).toMatchObject({ name: direct.name });
      expect(await api.userPermission.getOne(userPermission.id)).toMatchObject({ permission_id: direct.id });
      const rolePermissions = await api.rolePermission.getMany({ filter: { role_id: role.id } });
      expect(rolePermissions.data.map((link) => link.permission_id)).toEqual([viaRole.id]);
      expect(await api.rolePermission.getOne(rolePermission.id)).toMatchObject({ role_id: role.id });

      await api.userRole.delete(userRole.id);
      expect(await permissionsOf()).toEqual([direct.name]);
      await api.userPermission.delete(userPermission.id);
      await api.rolePermission.delete(rolePermission.id);
      expect(await permissionsOf()).toEqual([]);
      expect(await failure(api.userRole.getOne(userRole.id))).toMatchObject({ status: 404 });
      expect(await failure(api.userRole.create({ user_id: user.id, role_id: randomUUID() }))).toMatchObject({
        status: 400,
      });
    });

    it('assigns roles and permissions to a robot', async () => {
      const robot = await api.robot.create({ name: unique('robot') });
      const role = await api.role.create({ name: unique('role') });
      const viaRole = await api.permission.create({ name: unique('permission') });
      const direct = await api.permission.create({ name: unique('permission') });
      await api.rolePermission.create({ role_id: role.id, permission_id: viaRole.id });

      const robotRole = await api.robotRole.create({ robot_id: robot.id, role_id: role.id });
      const robotPermission = await api.robotPermission.create({
        robot_id: robot.id,
        permission_id: direct.id,
      });
      const grant = await createTokenCreator({
        type: 'robot',
        baseURL,
        id: robot.id,
        secret: robot.secret,
      })();
      const claims = await api.token.introspect<{ permissions: Array<{ name: string }> }>({
        token: grant.access_token,
      });
      expect(claims.permissions.map((permission) => permission.name).sort()).toEqual(
        [direct.name, viaRole.name].sort(),
      );

      const roles = await api.robotRole.getMany({ filter: { robot_id: robot.id }, include: { role: true } });
      expect(roles.data.map((link) => link.role?.name)).toEqual([role.name]);
      expect(await api.robotRole.getOne(robotRole.id)).toMatchObject({ robot_id: robot.id });
      const permissions = await api.robotPermission.getMany({ filter: { robot_id: robot.id } });
      expect(permissions.data.map((link) => link.permission_id)).toEqual([direct.id]);
      expect(await api.robotPermission.getOne(robotPermission.id)).toMatchObject({
        permission_id: direct.id,
      });

      await api.robotRole.delete(robotRole.id);
      await api.robotPermission.delete(robotPermission.id);
      expect((await api.robotRole.getMany({ filter: { robot_id: robot.id } })).meta.total).toBe(0);
      expect(await failure(api.robotPermission.getOne(robotPermission.id))).toMatchObject({ status: 404 });
    });

    it('assigns roles, permissions and scopes to a client', async () => {
      const client = await api.client.create({ name: unique('client'), is_confidential: true });
      const role = await api.role.create({ name: unique('role') });
      const permission = await api.permission.create({ name: unique('permission') });
      const scope = await api.scope.create({ name: unique('scope') });

      const clientRole = await api.clientRole.create({ client_id: client.id, role_id: role.id });
      const clientPermission = await api.clientPermission.create({
        client_id: client.id,
        permission_id: permission.id,
      });
      const clientScope = await api.clientScope.create({ client_id: client.id, scope_id: scope.id });

      const grant = await api.token.createWithClientCredentials({
        client_id: client.id,
        client_secret: client.secret,
      });
      const claims = await api.token.introspect<{ permissions: Array<{ name: string }> }>({
        token: grant.access_token,
      });
      expect(claims.permissions.map((item) => item.name)).toEqual([permission.name]);

      const roles = await api.clientRole.getMany({
        filter: { client_id: client.id },
        include: { role: true },
      });
      expect(roles.data.map((link) => link.role?.name)).toEqual([role.name]);
      expect(await api.clientRole.getOne(clientRole.id)).toMatchObject({ role_id: role.id });
      const permissions = await api.clientPermission.getMany({ filter: { client_id: client.id } });
      expect(permissions.data.map((link) => link.permission_id)).toEqual([permission.id]);
      expect(await api.clientPermission.getOne(clientPermission.id)).toMatchObject({ client_id: client.id });
      // The consent screen reads a client's scopes before anyone has signed in.
      const scopes = await new Client({ baseURL }).clientScope.getMany({
        filter: { client_id: client.id },
        include: { scope: true },
      });
      // Beside the assigned scope, a new client holds its realm's default scopes (openid among them).
      const scopeNames = scopes.data.map((link) => link.scope?.name);
      expect(scopeNames).toContain(scope.name);
      expect(scopeNames).toContain('openid');
      expect(await api.clientScope.getOne(clientScope.id)).toMatchObject({ scope_id: scope.id });
      expect(
        await failure(api.clientScope.create({ client_id: client.id, scope_id: scope.id })),
      ).toMatchObject({
        status: 409,
      });

      await api.clientRole.delete(clientRole.id);
      await api.clientPermission.delete(clientPermission.id);
      await api.clientScope.delete(clientScope.id);
      // Only the assigned link goes; the realm's default scopes stay with the client.
      const left = await api.clientScope.getMany({ filter: { client_id: client.id } });
      expect(left.data.map((link) => link.scope_id)).not.toContain(scope.id);
      expect(left.meta.total).toBe(scopes.data.length - 1);
      expect(await failure(api.clientPermission.getOne(clientPermission.id))).toMatchObject({ status: 404 });
    });
  });

  describe('access', () => {
    it('refuses anonymous and unprivileged callers', async () => {
      const anonymous = new Client({ baseURL });
      expect((await failure(anonymous.user.getMany())).status).toBe(401);
      // Public lists (the sign-in page needs them) stay readable.
      expect((await anonymous.realm.getMany({ filter: { name: 'master' } })).meta.total).toBe(1);

      const name = unique('frank');
      await api.user.create({ name, password: 'Frank-Passw0rd' });
      const grant = await signIn(name, 'Frank-Passw0rd');
      const frank = clientWith(grant.access_token);
      expect((await failure(frank.user.create({ name: unique('mallory') }))).status).toBe(403);
      // Everyone may read their own profile.
      expect(await frank.userInfo.get()).toMatchObject({ name });
    });
  });
});
