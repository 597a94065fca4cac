/**
 * Contract: the official hub client `@privateaim/core-http-kit@0.8.0` against the real server
 * process (docs/design.md §1). Every call goes through the client as the hub's web app or a node would make
 * it; the assertions are what such a caller notices: status codes, returned fields, messages.
 * Identities, realms and permissions are set up with the official identity client.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import {
  Client as AuthClient,
  createTokenCreator,
  getClientErrorCode,
  isClientError,
} from '@authup/core-http-kit';
import { Client as CoreClient } from '@privateaim/core-http-kit';
import type { Analysis, MasterImageCommand, ProjectNodeApprovalStatus } from '@privateaim/core-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'Contract-Admin-Passw0rd';
const USER_PASSWORD = 'Contract-User-Passw0rd';
const RUN = randomBytes(3).toString('hex');
let counter = 0;
/** A fresh name for this run. */
const unique = (prefix: string) => `${prefix}-${RUN}-${(counter += 1)}`;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Failure {
  status: number | undefined;
  code: string | null;
  message: string;
  /** Per-field validation issues, which a form shows next to its fields. */
  issues?: Array<{ path: string; message: string }>;
}

/** The error a client call ends with, as an application sees it; fails the test if the call succeeds. */
async function failure(call: Promise<unknown>): Promise<Failure> {
  try {
    await call;
  } catch (error) {
    if (!isClientError(error)) throw error;
    const issues = (error.response?.data as { issues?: Failure['issues'] } | undefined)?.issues;
    return {
      status: error.response?.status,
      code: getClientErrorCode(error),
      message: error.message,
      ...(issues ? { issues: issues.map(({ path, message }) => ({ path, message })) } : {}),
    };
  }
  throw new Error('The call succeeded, but it should have failed.');
}

// The client's enums, as their string values (core-kit is the client's peer dependency).
const SYNC = 'sync' as MasterImageCommand;
const APPROVED = 'approved' as ProjectNodeApprovalStatus;
const REJECTED = 'rejected' as ProjectNodeApprovalStatus;

/** Reads a stream the client hands out (downloads) to its end. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A P-256 public key as PEM, as a node generates it (docs/product/analysis-platform.md §3, node key pair).
 */
function p256PublicKey(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

describe('@privateaim/core-http-kit against the hub core API', () => {
  let server: RunningServer;
  let authURL: string;
  /** The identity API, signed in as the administrator. */
  let auth: AuthClient;
  /** The hub core API, signed in as the administrator (master realm, every permission). */
  let core: CoreClient;
  let adminToken: string;
  let masterRealmId: string;
  let adminId: string;

  const coreWith = (accessToken?: string) => {
    const client = new CoreClient({ baseURL: `${server.url}/core/` });
    if (accessToken) client.setAuthorizationHeader({ type: 'Bearer', token: accessToken });
    return client;
  };
  const signIn = async (name: string, password: string, realmName?: string) =>
    (await createTokenCreator({ type: 'user', baseURL: authURL, name, password, realmName })()).access_token;

  /** A user of the realm holding exactly the given (global) hub permissions, signed in to the hub. */
  const coreUserWith = async (permissions: string[], realm?: { id: string; name: string }) => {
    const name = unique('user');
    const user = await auth.user.create({
      name,
      password: USER_PASSWORD,
      ...(realm ? { realm_id: realm.id } : {}),
    });
    for (const permissionName of permissions) {
      const [permission] = (await auth.permission.getMany({ filter: { name: permissionName } })).data;
      expect(permission, permissionName).toBeDefined();
      await auth.userPermission.create({ user_id: user.id, permission_id: permission!.id });
    }
    return { id: user.id, core: coreWith(await signIn(name, USER_PASSWORD, realm?.name)) };
  };

  beforeAll(async () => {
    // The command contract alone: no worker consumes the builds these tests start (the build itself
    // is tested against a real registry in build-distribution.test.ts).
    server = await startServer({ env: { ADMIN_PASSWORD, ROLES: 'api,realtime' } });
    authURL = `${server.url}/auth/`;
    const token = await signIn('admin', ADMIN_PASSWORD);
    auth = new AuthClient({ baseURL: authURL });
    auth.setAuthorizationHeader({ type: 'Bearer', token });
    core = coreWith(token);
    adminToken = token;
    const [master] = (await auth.realm.getMany({ filter: { name: 'master' } })).data;
    masterRealmId = master!.id;
    adminId = (await auth.userInfo.get(`Bearer ${token}`)).sub as string;
  });
  afterAll(() => server?.destroy());

  it('refuses every call without a token with 401', async () => {
    const anonymous = coreWith();
    expect(await failure(anonymous.project.getMany())).toMatchObject({ status: 401 });
    expect(await failure(anonymous.masterImage.getMany())).toMatchObject({ status: 401 });
    expect(await failure(anonymous.node.create({ name: 'anonymous', type: 'default' }))).toMatchObject({
      status: 401,
    });
  });

  describe('master images and groups', () => {
    it('synchronizes the catalog with the sync command and lists the images sorted by path', async () => {
      const summary = await core.masterImage.runCommand(SYNC);
      expect(summary).toEqual({
        groups: { created: 2, updated: 0, deleted: 0 },
        images: { created: 3, updated: 0, deleted: 0 },
      });

      const images = await core.masterImage.getMany();
      expect(images.meta).toEqual({ total: 3, limit: 10, offset: 0 });
      expect(images.data.map((image) => image.path)).toEqual(['python/base', 'python/ml/torch', 'r/base']);
      const base = images.data[0]!;
      expect(base).toMatchObject({
        name: 'base',
        path: 'python/base',
        virtual_path: 'python/base',
        group_virtual_path: 'python',
        command: 'python',
      });
      expect(base.id).toMatch(UUID);
      expect(Array.isArray(base.command_arguments)).toBe(true);
      expect(String(base.created_at)).toMatch(ISO_TIME);

      const python = await core.masterImage.getMany({
        filter: { group_virtual_path: 'python' },
        sort: { path: 'DESC' },
        page: { limit: 1, offset: 0 },
        fields: ['id', 'path'],
      });
      expect(python.meta).toEqual({ total: 2, limit: 1, offset: 0 });
      expect(python.data).toEqual([{ id: expect.any(String), path: 'python/ml/torch' }]);

      expect(await core.masterImage.getOne(base.id)).toMatchObject({ id: base.id, path: 'python/base' });
      expect(await failure(core.masterImage.getOne(randomUUID()))).toMatchObject({
        status: 404,
        message: 'The master image was not found.',
      });
    });

    it('lists the groups; the client\u2019s getOne deletes the group it names, and a sync restores it', async () => {
      const groups = await core.masterImageGroup.getMany({ sort: { virtual_path: 'ASC' } });
      expect(groups.data.map((group) => group.virtual_path)).toEqual(['python', 'r']);
      const r = groups.data[1]!;
      expect(r).toMatchObject({ name: expect.any(String), path: 'r', virtual_path: 'r' });

      // The 0.8.0 client sends DELETE for getOne (docs/product/analysis-platform.md §7 "the single read
      // issues a DELETE"): the server answers like a delete, with the deleted group.
      expect(await core.masterImageGroup.getOne(r.id)).toMatchObject({ id: r.id, virtual_path: 'r' });
      expect((await core.masterImageGroup.getMany()).data.map((group) => group.virtual_path)).toEqual([
        'python',
      ]);
      expect(await failure(core.masterImageGroup.delete(r.id))).toMatchObject({ status: 404 });

      expect(await core.masterImage.runCommand(SYNC)).toEqual({
        groups: { created: 1, updated: 0, deleted: 0 },
        images: { created: 0, updated: 0, deleted: 0 },
      });
      expect((await core.masterImageGroup.getMany()).meta.total).toBe(2);
    });

    it('deletes an image with master_image_manage only; unknown commands are refused', async () => {
      const reader = await coreUserWith(['project_create']);
      const [image] = (await reader.core.masterImage.getMany({ filter: { path: 'r/base' } })).data;
      expect(image).toBeDefined();
      expect(await failure(reader.core.masterImage.delete(image!.id))).toMatchObject({ status: 403 });
      expect(await failure(reader.core.masterImage.runCommand(SYNC))).toMatchObject({ status: 403 });
      expect(await failure(core.masterImage.runCommand('build' as MasterImageCommand))).toMatchObject({
        status: 400,
      });

      expect(await core.masterImage.delete(image!.id)).toMatchObject({ id: image!.id, path: 'r/base' });
      expect(await failure(core.masterImage.getOne(image!.id))).toMatchObject({ status: 404 });
      expect((await core.masterImage.runCommand(SYNC)).images).toEqual({
        created: 1,
        updated: 0,
        deleted: 0,
      });
    });
  });

  describe('projects', () => {
    it('creates a project owned by the caller, with counters and empty strings as null', async () => {
      const [image] = (await core.masterImage.getMany({ filter: { path: 'python/base' } })).data;
      const name = unique('Project');
      const project = await core.project.create({ name, description: '', master_image_id: image!.id });
      expect(project).toMatchObject({
        name,
        description: null,
        master_image_id: image!.id,
        realm_id: masterRealmId,
        user_id: adminId,
        robot_id: null,
        analyses: 0,
        nodes: 0,
      });
      expect(project.id).toMatch(UUID);
      expect(String(project.created_at)).toMatch(ISO_TIME);
      expect(String(project.updated_at)).toMatch(ISO_TIME);

      // rapiq's types reject relations that may be null, such as master_image; the query is valid.
      const read = await core.project.getOne(project.id, { include: { master_image: true } } as never);
      expect(read.master_image).toMatchObject({ id: image!.id, path: 'python/base' });
    });

    it('lists with filter, sort, page and fields; unknown filters are a 400', async () => {
      const prefix = unique('Listed');
      for (const suffix of ['a', 'b', 'c']) await core.project.create({ name: `${prefix}-${suffix}` });
      const page = await core.project.getMany({
        filter: { name: `~${prefix}` },
        sort: { name: 'DESC' },
        page: { limit: 2, offset: 1 },
        fields: ['id', 'name'],
      });
      expect(page.meta).toEqual({ total: 3, limit: 2, offset: 1 });
      expect(page.data.map((project) => project.name)).toEqual([`${prefix}-b`, `${prefix}-a`]);
      expect(Object.keys(page.data[0]!).sort()).toEqual(['id', 'name']);

      expect(
        await failure(core.project.getMany({ filter: { unknown: 'x' } as Record<string, string> })),
      ).toMatchObject({ status: 400 });
      expect(await failure(core.project.getMany({ include: { owner: true } } as never))).toMatchObject({
        status: 400,
      });
      expect(await failure(core.project.getMany({ sort: { secret: 'ASC' } } as never))).toMatchObject({
        status: 400,
      });
      const capped = await core.project.getMany({ page: { limit: 500 } });
      expect(capped.meta.limit).toBe(50);
    });

    it('updates and deletes; the validation messages of docs/product/analysis-platform.md §5 reach the caller', async () => {
      const name = unique('Editable');
      const project = await core.project.create({ name });
      const updated = await core.project.update(project.id, { description: 'A federated study.' });
      expect(updated).toMatchObject({ id: project.id, name, description: 'A federated study.' });
      expect(Date.parse(String(updated.updated_at))).toBeGreaterThanOrEqual(
        Date.parse(String(project.updated_at)),
      );
      // Empty strings become null (the client nullifies them, and null clears the description).
      expect(await core.project.update(project.id, { description: '' })).toMatchObject({
        description: null,
      });

      expect(await failure(core.project.create({ name: 'abc' }))).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'The attribute name is invalid.',
        issues: [{ path: 'name', message: 'This field should be at least 5 characters long' }],
      });
      expect(await failure(core.project.create({ name }))).toMatchObject({ status: 409 });
      expect(
        await failure(core.project.create({ name: unique('Imageless'), master_image_id: randomUUID() })),
      ).toMatchObject({ status: 400, message: 'The master image does not exist.' });

      expect(await core.project.delete(project.id)).toMatchObject({ id: project.id, name });
      expect(await failure(core.project.getOne(project.id))).toMatchObject({
        status: 404,
        message: 'The project was not found.',
      });
    });

    it('gates creation by project_create and shows a realm only its own projects', async () => {
      const realm = await auth.realm.create({ name: unique('realm') });
      const member = await coreUserWith(['project_create'], realm);
      const own = await member.core.project.create({ name: unique('Realm project') });
      expect(own).toMatchObject({ realm_id: realm.id, user_id: member.id });
      const listed = await member.core.project.getMany();
      expect(listed.data.map((project) => project.id)).toEqual([own.id]);

      const foreign = await core.project.create({ name: unique('Master project') });
      expect(await failure(member.core.project.getOne(foreign.id))).toMatchObject({ status: 404 });
      expect(
        await failure(member.core.project.create({ name: unique('Elsewhere'), realm_id: masterRealmId })),
      ).toMatchObject({ status: 403 });

      const nobody = await coreUserWith([], realm);
      expect(await failure(nobody.core.project.create({ name: unique('Refused') }))).toMatchObject({
        status: 403,
      });
    });
  });

  describe('registries and registry projects', () => {
    it('manages registries; the account secret is read back only on request, by registry managers', async () => {
      const name = unique('harbor');
      const registry = await core.registry.create({
        name,
        host: 'harbor.example.org',
        account_name: 'admin',
        account_secret: 'Harbor-Secret-1',
      });
      expect(registry).toMatchObject({ name, host: 'harbor.example.org', account_name: 'admin' });
      expect(registry).not.toHaveProperty('account_secret');
      expect(registry.id).toMatch(UUID);

      const listed = await core.registry.getMany({ filter: { name } });
      expect(listed.data).toEqual([expect.objectContaining({ id: registry.id, host: 'harbor.example.org' })]);
      expect(JSON.stringify(listed)).not.toContain('Harbor-Secret-1');
      // As the original serves it to its build worker (a holder of registry_manage).
      expect(await core.registry.getOne(registry.id, { fields: ['+account_secret'] })).toMatchObject({
        id: registry.id,
        account_secret: 'Harbor-Secret-1',
      });

      const updated = await core.registry.update(registry.id, {
        host: 'registry.example.org',
        account_name: '',
      });
      expect(updated).toMatchObject({ host: 'registry.example.org', account_name: null });
      expect(await failure(core.registry.create({ name: 'ab', host: 'h' }))).toMatchObject({
        status: 400,
        message: 'The attribute name is invalid.',
        issues: [{ path: 'name', message: 'This field should be at least 3 characters long' }],
      });

      const manager = await coreUserWith(['node_create']);
      expect(await failure(manager.core.registry.getMany())).toMatchObject({ status: 403 });

      expect(await core.registry.delete(registry.id)).toMatchObject({ id: registry.id });
      expect(await failure(core.registry.getOne(registry.id))).toMatchObject({ status: 404 });
    });

    it('manages registry projects of a registry, with the robot secret write-only', async () => {
      const registry = await core.registry.create({ name: unique('harbor'), host: 'harbor.example.org' });
      const name = unique('incoming');
      const project = await core.registryProject.create({
        name,
        external_name: 'incoming_1-a',
        type: 'incoming',
        registry_id: registry.id,
        account_secret: 'Robot-Secret-1',
      });
      expect(project).toMatchObject({
        name,
        external_name: 'incoming_1-a',
        type: 'incoming',
        registry_id: registry.id,
        webhook_exists: false,
      });
      expect(project).not.toHaveProperty('account_secret');

      const listed = await core.registryProject.getMany({
        filter: { registry_id: registry.id },
        include: { registry: true },
      });
      expect(listed.meta.total).toBe(1);
      expect(listed.data[0]!.registry).toMatchObject({ id: registry.id, host: 'harbor.example.org' });

      expect(await core.registryProject.update(project.id, { name: `${name}-x` })).toMatchObject({
        name: `${name}-x`,
      });
      // The registry project form sends all its fields on an edit, the registry included.
      const form = {
        type: 'default',
        name: `${name}-y`,
        external_name: 'incoming_1-b',
        registry_id: registry.id,
      };
      expect(await core.registryProject.update(project.id, form)).toMatchObject(form);
      const other = await core.registry.create({ name: unique('harbor'), host: 'other.example.org' });
      expect(
        await failure(core.registryProject.update(project.id, { ...form, registry_id: other.id })),
      ).toMatchObject({ status: 400, message: 'The registry of a registry project can not be changed.' });
      expect(
        await failure(
          core.registryProject.create({
            name: unique('bad'),
            external_name: 'no spaces!',
            type: 'default',
            registry_id: registry.id,
          }),
        ),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(
          core.registryProject.create({
            name: unique('orphan'),
            external_name: 'orphan',
            type: 'default',
            registry_id: randomUUID(),
          }),
        ),
      ).toMatchObject({ status: 400, message: 'The registry does not exist.' });

      expect(await core.registryProject.delete(project.id)).toMatchObject({ id: project.id });
      expect((await core.registryProject.getMany({ filter: { registry_id: registry.id } })).meta.total).toBe(
        0,
      );
    });
    it('takes the registry service commands (setup, cleanup, project link and unlink)', async () => {
      const registry = await core.registry.create({ name: unique('harbor'), host: 'harbor.example.org' });
      const project = await core.registryProject.create({
        name: unique('node project'),
        external_name: unique('np').replaceAll('-', '_'),
        type: 'node',
        registry_id: registry.id,
      });
      // 202 without a body, as the original answers (the client then hands back the empty stream).
      await core.service.runRegistryCommand('setup', { id: registry.id });
      await core.service.runRegistryCommand('cleanup', { id: registry.id });
      await core.service.runRegistryCommand('projectLink', { id: project.id, secret: 'Robot-Secret-2' });
      await core.service.runRegistryCommand('projectUnlink', { id: project.id });
      expect(
        await failure(core.service.runRegistryCommand('projectLink', { id: project.id, secret: 'weak' })),
      ).toMatchObject({ status: 400, issues: [{ path: 'secret', message: expect.any(String) }] });
      expect(await failure(core.service.runRegistryCommand('setup', { id: randomUUID() }))).toMatchObject({
        status: 400,
        message: 'The registry does not exist.',
      });
      expect(await failure(core.service.runCommand('system', 'setup', { id: registry.id }))).toMatchObject({
        status: 400,
      });
      const outsider = await coreUserWith(['node_create']);
      expect(
        await failure(outsider.core.service.runRegistryCommand('setup', { id: registry.id })),
      ).toMatchObject({ status: 403 });
    });
  });

  describe('nodes', () => {
    it('creates a node with its robot, stores the public key as PEM and lists by name', async () => {
      const realm = await auth.realm.create({ name: unique('site') });
      const name = unique('Node B');
      const node = await core.node.create({
        name,
        realm_id: realm.id,
        type: 'default',
        external_name: '',
        hidden: false,
      });
      expect(node).toMatchObject({
        name,
        realm_id: realm.id,
        type: 'default',
        hidden: false,
        external_name: null,
        registry_id: null,
        registry_project_id: null,
      });
      expect(node.robot_id).toMatch(UUID);
      const robot = await auth.robot.getOne(node.robot_id!);
      expect(robot).toMatchObject({ realm_id: realm.id });

      // The original UI sends the PEM; older nodes sent it hex-encoded. Both are kept as PEM text.
      const pem = p256PublicKey();
      const withKey = await core.node.update(node.id, { public_key: Buffer.from(pem).toString('hex') });
      expect((withKey as unknown as { public_key: string }).public_key).toBe(pem);
      // The node form sends all its fields on an edit (empty ones as null), the realm included.
      const edited = await core.node.update(node.id, {
        name: `${name} edited`,
        external_name: 'node_b',
        realm_id: realm.id,
        registry_id: '',
        hidden: false,
        type: 'default',
      });
      expect(edited).toMatchObject({ name: `${name} edited`, external_name: 'node_b', realm_id: realm.id });
      expect(await failure(core.node.update(node.id, { realm_id: masterRealmId }))).toMatchObject({
        status: 400,
        message: 'The realm of a node can not be changed.',
      });
      expect(await failure(core.node.update(node.id, { public_key: 'not a key' }))).toMatchObject({
        status: 400,
        message: 'The public key must be a PEM encoded EC P-256 public key.',
      });

      const first = await core.node.create({
        name: `${name.replace('B', 'A')}`,
        realm_id: realm.id,
        type: 'aggregator',
      });
      const hidden = await core.node.create({
        name: unique('Node C'),
        realm_id: realm.id,
        type: 'default',
        hidden: true,
      });
      const listed = await core.node.getMany({
        filter: { realm_id: realm.id, hidden: false },
        sort: { name: 'ASC' },
      });
      expect(listed.data.map((item) => item.id)).toEqual([first.id, node.id]);
      expect(listed.data.map((item) => item.id)).not.toContain(hidden.id);

      expect(await failure(core.node.create({ name: 'xy', type: 'default' }))).toMatchObject({
        status: 400,
        issues: [{ path: 'name', message: 'This field should be at least 3 characters long' }],
      });
      expect(
        await failure(core.node.create({ name: `${name} edited`, realm_id: realm.id, type: 'default' })),
      ).toMatchObject({
        status: 409,
      });

      expect(await core.node.delete(hidden.id)).toMatchObject({ id: hidden.id });
      expect(await failure(auth.robot.getOne(hidden.robot_id!))).toMatchObject({ status: 404 });
    });

    it('runs node tasks: refused without a registry, queued with one', async () => {
      const registry = await core.registry.create({ name: unique('harbor'), host: 'harbor.example.org' });
      const bare = await core.node.create({ name: unique('Bare node'), type: 'default' });
      expect(await failure(core.node.runCommand(bare.id, 'setup', {}))).toMatchObject({
        status: 400,
        message: 'The node has not been assigned to a registry yet.',
      });
      expect(await failure(core.node.runCommand(bare.id, 'reboot', {}))).toMatchObject({ status: 400 });

      const node = await core.node.update(bare.id, { registry_id: registry.id });
      expect(node).toMatchObject({ registry_id: registry.id });
      const task = (await core.node.runCommand(node.id, 'projectLink', {
        secret: 'Robot-Secret-1',
      })) as unknown as Record<string, unknown>;
      expect(task).toMatchObject({ node_id: node.id, task: 'projectLink' });
      expect(JSON.stringify(task)).not.toContain('Robot-Secret-1');
      // A node with a registry gets its project there at once; once that is gone, nothing is linked.
      expect(node.registry_project_id).toEqual(expect.any(String));
      await core.registryProject.delete(node.registry_project_id!);
      expect(await failure(core.node.runCommand(node.id, 'projectUnlink', {}))).toMatchObject({
        status: 400,
        message: 'No related registry-resource exists at the moment.',
      });

      // Deleting the registry keeps the node (as the original hub does) and clears its reference.
      await core.registry.delete(registry.id);
      expect(await core.node.getOne(node.id)).toMatchObject({ id: node.id, registry_id: null });
    });
  });

  describe('project nodes', () => {
    it('adds nodes to a project, counts them, approves and removes them', async () => {
      const realm = await auth.realm.create({ name: unique('site') });
      const project = await core.project.create({ name: unique('Study') });
      const site = await core.node.create({ name: unique('Site node'), realm_id: realm.id, type: 'default' });
      const aggregator = await core.node.create({ name: unique('Aggregator'), type: 'aggregator' });

      const request = await core.projectNode.create({ project_id: project.id, node_id: site.id });
      expect(request).toMatchObject({
        project_id: project.id,
        project_realm_id: masterRealmId,
        node_id: site.id,
        node_realm_id: realm.id,
        approval_status: null,
        comment: null,
      });
      expect(String(request.created_at)).toMatch(ISO_TIME);
      // Aggregators serve every project: their request is approved at once.
      const aggregated = await core.projectNode.create({ project_id: project.id, node_id: aggregator.id });
      expect(aggregated.approval_status).toBe('approved');
      expect(
        await failure(core.projectNode.create({ project_id: project.id, node_id: site.id })),
      ).toMatchObject({ status: 409 });
      expect(
        await failure(core.projectNode.create({ project_id: project.id, node_id: randomUUID() })),
      ).toMatchObject({ status: 400, message: 'The node does not exist.' });
      expect(await core.project.getOne(project.id)).toMatchObject({ nodes: 2 });

      const listed = await core.projectNode.getMany({
        filter: { project_id: project.id },
        include: { project: true, node: true },
        sort: { created_at: 'ASC' },
      });
      expect(listed.meta.total).toBe(2);
      expect(listed.data[0]).toMatchObject({
        id: request.id,
        project: { id: project.id, name: project.name },
        node: { id: site.id, name: site.name, type: 'default' },
      });

      const approved = await core.projectNode.update(request.id, {
        approval_status: APPROVED,
        comment: 'Fine with us.',
      });
      expect(approved).toMatchObject({ id: request.id, approval_status: APPROVED, comment: 'Fine with us.' });
      // The client turns an empty comment into null, which clears it.
      expect(
        await core.projectNode.update(request.id, { approval_status: REJECTED, comment: '' }),
      ).toMatchObject({ approval_status: 'rejected', comment: null });
      expect(
        await failure(
          core.projectNode.update(request.id, {
            approval_status: 'maybe' as ProjectNodeApprovalStatus,
          }),
        ),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(core.projectNode.update(request.id, { approval_status: APPROVED, comment: 'ok' })),
      ).toMatchObject({
        status: 400,
        issues: [{ path: 'comment', message: 'This field should be at least 5 characters long' }],
      });

      expect(await core.projectNode.delete(aggregated.id)).toMatchObject({ id: aggregated.id });
      expect(await core.project.getOne(project.id)).toMatchObject({ nodes: 1 });
      expect(await failure(core.projectNode.getOne(aggregated.id))).toMatchObject({ status: 404 });

      // Deleting a node takes it out of its projects, and the project's count follows.
      await core.node.delete(site.id);
      expect(await failure(core.projectNode.getOne(request.id))).toMatchObject({ status: 404 });
      expect(await core.project.getOne(project.id)).toMatchObject({ nodes: 0 });
    });
  });
  describe('analyses', () => {
    let site: { id: string; name: string };
    /** Node operator of the site realm: approves projects and analyses for the site's node. */
    let siteOperator: CoreClient;
    let siteNode: { id: string; name: string; realm_id: string };
    let aggregator: { id: string };
    let stray: { id: string };
    let project: { id: string; name: string };
    let masterImageId: string;

    /** Uploads files into a storage bucket as the web app does (multipart, fields files[n]). */
    const upload = async (bucketId: string, files: Array<{ path: string; content: string }>) => {
      const form = new FormData();
      files.forEach((file, index) => form.append(`files[${index}]`, new Blob([file.content]), file.path));
      const response = await fetch(`${server.url}/storage/buckets/${bucketId}/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}` },
        body: form,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { data: Array<{ id: string; path: string }> }).data;
    };

    /** An analysis of the project with both nodes, code with an entrypoint and the site's approval. */
    const configuredAnalysis = async () => {
      const analysis = await core.analysis.create({ project_id: project.id, name: unique('analysis') });
      await core.analysisNode.create({ analysis_id: analysis.id, node_id: siteNode.id });
      await core.analysisNode.create({ analysis_id: analysis.id, node_id: aggregator.id });
      const [code] = (
        await core.analysisBucket.getMany({ filter: { analysis_id: analysis.id, type: 'CODE' } })
      ).data;
      const [file] = await upload(code!.external_id!, [{ path: 'main.py', content: 'print("hello")\n' }]);
      await core.analysisBucketFile.create({
        bucket_id: code!.id,
        external_id: file!.id,
        name: 'main.py',
        root: true,
      });
      const [request] = (
        await siteOperator.analysisNode.getMany({
          filter: { analysis_id: analysis.id, node_id: siteNode.id },
        })
      ).data;
      await siteOperator.analysisNode.update(request!.id, { approval_status: APPROVED as never });
      return analysis;
    };

    beforeAll(async () => {
      const realm = await auth.realm.create({ name: unique('site') });
      site = { id: realm.id, name: realm.name };
      siteOperator = (await coreUserWith(['project_approve', 'analysis_approve'], site)).core;
      const registry = await core.registry.create({ name: unique('harbor'), host: 'harbor.example.org' });
      siteNode = await core.node.create({
        name: unique('Site'),
        realm_id: site.id,
        type: 'default',
        registry_id: registry.id,
      });
      aggregator = await core.node.create({
        name: unique('Aggregator'),
        type: 'aggregator',
        registry_id: registry.id,
      });
      stray = await core.node.create({ name: unique('Stray'), realm_id: site.id, type: 'default' });
      await core.masterImage.runCommand(SYNC);
      masterImageId = (await core.masterImage.getMany({ filter: { path: 'python/base' } })).data[0]!.id;
      project = await core.project.create({ name: unique('Analysed study'), master_image_id: masterImageId });
      for (const node of [siteNode, aggregator]) {
        const link = await core.projectNode.create({ project_id: project.id, node_id: node.id });
        if (node === siteNode) await siteOperator.projectNode.update(link.id, { approval_status: APPROVED });
      }
    });

    it('creates an analysis in its project, with its three buckets, and counts it', async () => {
      const name = unique('analysis');
      const counted = (await core.project.getOne(project.id)).analyses;
      // The analysis of docs/product/analysis-platform.md §3 has a description; the 0.8.0 client's type does
      // not know it.
      const analysis = await core.analysis.create({
        project_id: project.id,
        name,
        description: 'Counts the patients.',
      } as Partial<Analysis>);
      expect(analysis).toMatchObject({
        name,
        description: 'Counts the patients.',
        project_id: project.id,
        realm_id: masterRealmId,
        user_id: adminId,
        master_image_id: masterImageId,
        nodes: 0,
        configuration_locked: false,
        build_status: null,
        run_status: null,
      });
      expect(analysis.id).toMatch(UUID);
      expect(String(analysis.created_at)).toMatch(ISO_TIME);

      const buckets = await core.analysisBucket.getMany({ filter: { analysis_id: analysis.id } });
      expect(buckets.data.map((bucket) => bucket.type).sort()).toEqual(['CODE', 'RESULT', 'TEMP']);
      const code = buckets.data.find((bucket) => bucket.type === 'CODE')!;
      expect(code.external_id).toMatch(UUID);
      expect((analysis as unknown as { external_id: string }).external_id).toBe(code.external_id);
      expect(await core.analysisBucket.getOne(code.id)).toMatchObject({
        id: code.id,
        analysis_id: analysis.id,
      });

      expect(await core.project.getOne(project.id)).toMatchObject({ analyses: counted + 1 });
      const listed = await core.analysis.getMany({
        filter: { project_id: project.id, name },
        include: { project: true },
      });
      expect(listed.meta.total).toBe(1);
      expect(listed.data[0]!.project).toMatchObject({ id: project.id, name: project.name });

      expect(await failure(core.analysis.create({ project_id: project.id, name: 'ab' }))).toMatchObject({
        status: 400,
        issues: [{ path: 'name', message: 'This field should be at least 3 characters long' }],
      });
      expect(await failure(core.analysis.create({ project_id: randomUUID() }))).toMatchObject({
        status: 400,
        message: 'The project does not exist.',
      });
    });

    it('updates the name and the image; a new image resets the command arguments', async () => {
      const analysis = await core.analysis.create({ project_id: project.id });
      const renamed = await core.analysis.update(analysis.id, { name: 'Renamed analysis' });
      expect(renamed).toMatchObject({ id: analysis.id, name: 'Renamed analysis' });
      const withArguments = await core.analysis.update(analysis.id, {
        image_command_arguments: [{ value: '--verbose', position: 'after' }],
      } as never);
      expect(withArguments).toMatchObject({
        image_command_arguments: [{ value: '--verbose', position: 'after' }],
      });
      const other = (await core.masterImage.getMany({ filter: { path: 'r/base' } })).data[0]!;
      const switched = await core.analysis.update(analysis.id, { master_image_id: other.id });
      expect(switched).toMatchObject({ master_image_id: other.id, image_command_arguments: null });
    });

    it('adds only the project\u2019s nodes; aggregators are approved at once', async () => {
      const analysis = await core.analysis.create({ project_id: project.id });
      const site = await core.analysisNode.create({ analysis_id: analysis.id, node_id: siteNode.id });
      expect(site).toMatchObject({
        analysis_id: analysis.id,
        analysis_realm_id: masterRealmId,
        node_id: siteNode.id,
        node_realm_id: siteNode.realm_id,
        approval_status: null,
        run_status: null,
      });
      const hub = await core.analysisNode.create({ analysis_id: analysis.id, node_id: aggregator.id });
      expect(hub.approval_status).toBe('approved');
      expect(
        await failure(core.analysisNode.create({ analysis_id: analysis.id, node_id: stray.id })),
      ).toMatchObject({
        status: 400,
        message: 'The referenced node is not part of the analysis project.',
      });
      expect(
        await failure(core.analysisNode.create({ analysis_id: analysis.id, node_id: siteNode.id })),
      ).toMatchObject({ status: 409 });
      expect(await core.analysis.getOne(analysis.id)).toMatchObject({ nodes: 2 });

      const listed = await core.analysisNode.getMany({
        filter: { analysis_id: analysis.id },
        include: { node: true },
        sort: { created_at: 'ASC' },
      });
      expect(listed.data.map((row) => row.node.id)).toEqual([siteNode.id, aggregator.id]);
      expect(await core.analysisNode.delete(hub.id)).toMatchObject({ id: hub.id });
      expect(await core.analysis.getOne(analysis.id)).toMatchObject({ nodes: 1 });
    });

    it('links uploaded code files; one entrypoint per bucket', async () => {
      const analysis = await core.analysis.create({ project_id: project.id });
      const [code] = (
        await core.analysisBucket.getMany({ filter: { analysis_id: analysis.id, type: 'CODE' } })
      ).data;
      const stored = await upload(code!.external_id!, [
        { path: 'main.py', content: 'print(1)\n' },
        { path: 'lib/util.py', content: 'x = 1\n' },
      ]);
      const main = await core.analysisBucketFile.create({
        bucket_id: code!.id,
        external_id: stored[0]!.id,
        name: 'main.py',
        root: true,
      });
      expect(main).toMatchObject({
        bucket_id: code!.id,
        external_id: stored[0]!.id,
        analysis_id: analysis.id,
        name: 'main.py',
        root: true,
        realm_id: masterRealmId,
      });
      const util = await core.analysisBucketFile.create({
        bucket_id: code!.id,
        external_id: stored[1]!.id,
        name: 'lib/util.py',
      });
      expect(util.root).toBe(false);
      expect(await core.analysisBucketFile.update(util.id, { root: true })).toMatchObject({ root: true });
      const roots = await core.analysisBucketFile.getMany({ filter: { bucket_id: code!.id, root: true } });
      expect(roots.data.map((file) => file.id)).toEqual([util.id]);
      expect(await core.analysisBucketFile.getOne(main.id)).toMatchObject({ root: false });
      expect(await core.analysisBucketFile.delete(main.id)).toMatchObject({ id: main.id });
      expect(
        (await core.analysisBucketFile.getMany({ filter: { analysis_id: analysis.id } })).meta.total,
      ).toBe(1);
    });

    it('runs the commands with the messages of docs/product/analysis-platform.md §4 and §5', async () => {
      const bare = await core.analysis.create({ project_id: project.id });
      expect(await failure(core.analysis.runCommand(bare.id, 'configurationLock'))).toMatchObject({
        status: 400,
        message: 'The analysis requires at least two nodes.',
      });
      expect(await failure(core.analysis.runCommand(bare.id, 'buildStart'))).toMatchObject({
        status: 400,
        message: 'The analysis configuration must be locked before starting the build.',
      });
      expect(await failure(core.analysis.runCommand(bare.id, 'configurationUnlock'))).toMatchObject({
        status: 400,
        message: 'The analysis configuration is already unlocked.',
      });
      expect(await failure(core.analysis.runCommand(bare.id, 'explode' as never))).toMatchObject({
        status: 400,
        message: 'The analysis command explode cannot be executed.',
      });

      const analysis = await configuredAnalysis();
      const locked = await core.analysis.runCommand(analysis.id, 'configurationLock');
      expect(locked).toMatchObject({ id: analysis.id, configuration_locked: true, build_status: null });
      expect(await failure(core.analysis.runCommand(analysis.id, 'configurationLock'))).toMatchObject({
        status: 400,
        message: 'The analysis configuration is already locked.',
      });
      expect(
        await failure(core.analysisNode.create({ analysis_id: analysis.id, node_id: stray.id })),
      ).toMatchObject({
        status: 400,
        message: 'The analysis has already been locked and can therefore no longer be modified.',
      });

      expect(await core.analysis.runCommand(analysis.id, 'buildStart')).toMatchObject({
        build_status: 'starting',
      });
      expect(await failure(core.analysis.runCommand(analysis.id, 'buildStart'))).toMatchObject({
        status: 400,
        message: 'The current analysis build status "starting" does not allow a build start.',
      });
      // The check never resets a status (an upstream bug, docs/decisions/0013).
      expect(await core.analysis.runCommand(analysis.id, 'buildStatus')).toMatchObject({
        build_status: 'starting',
      });
      expect(await failure(core.analysis.runCommand(analysis.id, 'configurationUnlock'))).toMatchObject({
        status: 400,
        message: 'The current analysis build status "starting" does not allow unlocking the configuration.',
      });
      expect(await core.analysis.runCommand(analysis.id, 'buildStop')).toMatchObject({
        build_status: 'stopping',
      });
      expect(await core.analysis.runCommand(analysis.id, 'buildStop')).toMatchObject({
        build_status: 'stopped',
      });
      expect(await failure(core.analysis.runCommand(analysis.id, 'buildStop'))).toMatchObject({
        status: 400,
        message: 'The current analysis build status "stopped" does not allow a build stop.',
      });

      // Unlocking asks the nodes again; the aggregator needs no approval.
      const unlocked = await core.analysis.runCommand(analysis.id, 'configurationUnlock');
      expect(unlocked).toMatchObject({ configuration_locked: false, build_status: null });
      const approvals = await core.analysisNode.getMany({
        filter: { analysis_id: analysis.id },
        include: { node: true },
      });
      expect(Object.fromEntries(approvals.data.map((row) => [row.node.type, row.approval_status]))).toEqual({
        default: null,
        aggregator: 'approved',
      });
      expect(await failure(core.analysis.runCommand(analysis.id, 'configurationLock'))).toMatchObject({
        status: 400,
        message: 'At least one node has not approved the analysis.',
      });
    });

    it('streams the code files and the results as tar archives', async () => {
      const analysis = await configuredAnalysis();
      const files = await readAll(await core.analysis.streamFiles(analysis.id));
      expect(files.length % 512).toBe(0);
      expect(files.subarray(0, 100).toString('utf8')).toContain('main.py');
      expect(files.toString('utf8')).toContain('print("hello")');
      const results = await readAll(await core.analysis.downloadResult(analysis.id));
      expect(results.length % 512).toBe(0);
      expect(await failure(core.analysis.streamFiles(randomUUID()))).toMatchObject({ status: 404 });
    });

    it('assigns permissions the caller holds to an analysis', async () => {
      const analysis = await core.analysis.create({ project_id: project.id });
      const [permission] = (await auth.permission.getMany({ filter: { name: 'analysis_self_storage_use' } }))
        .data;
      const assigned = await core.analysisPermission.create({
        analysis_id: analysis.id,
        permission_id: permission!.id,
      });
      expect(assigned).toMatchObject({ analysis_id: analysis.id, permission_id: permission!.id });
      const listed = await core.analysisPermission.getMany({ filter: { analysis_id: analysis.id } });
      expect(listed.data.map((row) => row.id)).toEqual([assigned.id]);
      expect(await core.analysisPermission.getOne(assigned.id)).toMatchObject({ id: assigned.id });
      expect(await core.analysisPermission.update(assigned.id, { policy_id: null })).toMatchObject({
        id: assigned.id,
        policy_id: null,
      });
      expect(
        await failure(core.analysisPermission.update(assigned.id, { policy_id: randomUUID() })),
      ).toMatchObject({ status: 400, message: 'The policy does not exist.' });
      expect(
        await failure(
          core.analysisPermission.create({ analysis_id: analysis.id, permission_id: randomUUID() }),
        ),
      ).toMatchObject({ status: 400, message: 'The permission does not exist.' });
      expect(await core.analysisPermission.delete(assigned.id)).toMatchObject({ id: assigned.id });
      expect(await failure(core.analysisPermission.getOne(assigned.id))).toMatchObject({ status: 404 });
    });

    it('lists the analysis logs by analysis', async () => {
      const analysis = await core.analysis.create({ project_id: project.id });
      const logs = await core.analysisLog.getMany({ filter: { analysis_id: analysis.id } });
      expect(Array.isArray(logs.data)).toBe(true);
      expect(logs.meta).toMatchObject({ total: expect.any(Number) });
      expect(await failure(core.analysisLog.getMany())).toMatchObject({
        status: 400,
        message: 'The filter analysis_id must be defined.',
      });
    });

    it('deletes an analysis with its buckets; a project with analyses stays', async () => {
      const study = await core.project.create({ name: unique('Deletable study') });
      const analysis = await core.analysis.create({ project_id: study.id });
      expect(await core.project.getOne(study.id)).toMatchObject({ analyses: 1 });
      expect(await failure(core.project.delete(study.id))).toMatchObject({
        status: 400,
        message: 'The project can not be deleted while it has analyses. Delete its analyses first.',
      });
      expect(await core.analysis.delete(analysis.id)).toMatchObject({ id: analysis.id });
      expect(await failure(core.analysis.getOne(analysis.id))).toMatchObject({ status: 404 });
      expect((await core.analysisBucket.getMany({ filter: { analysis_id: analysis.id } })).meta.total).toBe(
        0,
      );
      expect(await core.project.getOne(study.id)).toMatchObject({ analyses: 0 });
      expect(await core.project.delete(study.id)).toMatchObject({ id: study.id });
    });
  });
});
