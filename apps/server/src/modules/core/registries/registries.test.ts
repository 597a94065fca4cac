import { PlatformPermissionName as P } from '@federa/schemas';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { dyingAfterCommit, sweepAfterCrash, undelivered } from '#platform/events/outbox.test-support.ts';
import { telemetryEvents } from '#modules/telemetry/db/events.ts';
import { eventually } from '../analyses/analyses.test-support.ts';
import { createRealm, userWith } from '../core.test-support.ts';
import { analyses, nodes, registries, registryProjects } from '../db/index.ts';
import { REGISTRY_FIXED_MESSAGE } from './registry-project.resource.ts';

describe('registries and registry projects', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;
  let registryManager: Caller;
  let projectManager: Caller;
  let nobody: Caller;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
    registryManager = await userWith(ctx.app, admin, {
      name: 'registry-manager',
      realmId: masterId,
      realmName: 'master',
      permissions: [P.REGISTRY_MANAGE],
    });
    projectManager = await userWith(ctx.app, admin, {
      name: 'project-manager',
      realmId: masterId,
      realmName: 'master',
      permissions: [P.REGISTRY_PROJECT_MANAGE],
    });
    nobody = await userWith(ctx.app, admin, {
      name: 'nobody',
      realmId: masterId,
      realmName: 'master',
      permissions: [P.NODE_CREATE],
    });
  });
  afterAll(() => ctx.close());

  it('gates registries by registry_manage and registry projects by registry_project_manage', async () => {
    expect((await ctx.app.inject({ url: '/core/registries' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/core/registry-projects' })).statusCode).toBe(401);
    expect((await nobody.get('/core/registries')).statusCode).toBe(403);
    expect(
      (await nobody.post('/core/registries', { name: 'harbor', host: 'h.example.org' })).statusCode,
    ).toBe(403);
    expect(
      (await projectManager.post('/core/registries', { name: 'harbor', host: 'h.example.org' })).statusCode,
    ).toBe(403);
    expect((await nobody.get('/core/registry-projects')).statusCode).toBe(403);
    expect((await projectManager.get('/core/registry-projects')).statusCode).toBe(200);
    expect((await registryManager.get('/core/registries')).statusCode).toBe(200);
  });

  it('keeps registries, which belong to no realm, away from other realms holding registry_manage', async () => {
    const registry = (
      await registryManager.post('/core/registries', { name: 'central', host: 'central.example.org' })
    ).json();
    const project = (
      await projectManager.post('/core/registry-projects', {
        name: 'central project',
        external_name: 'central',
        type: 'node',
        registry_id: registry.id,
      })
    ).json();
    const siteRealm = await createRealm(admin, 'registry-site');
    const outsider = await userWith(ctx.app, admin, {
      name: 'site-registry-manager',
      realmId: siteRealm,
      realmName: 'registry-site',
      permissions: [P.REGISTRY_MANAGE, P.SERVICE_MANAGE],
    });

    const listed = await outsider.get('/core/registries');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ data: [], meta: { total: 0 } });
    // Out of sight, as another realm's records are.
    expect((await outsider.get(`/core/registries/${registry.id}`)).statusCode).toBe(404);
    expect((await outsider.delete(`/core/registries/${registry.id}`)).statusCode).toBe(404);
    const command = '/core/services/registry/command';
    expect((await outsider.post(command, { command: 'setup', id: registry.id })).statusCode).toBe(403);
    expect((await outsider.post(command, { command: 'projectUnlink', id: project.id })).statusCode).toBe(403);
    expect((await registryManager.get(`/core/registries/${registry.id}`)).statusCode).toBe(200);
  });

  it('returns registry secrets only on request, and only to registry managers', async () => {
    const created = await registryManager.post('/core/registries', {
      name: 'harbor',
      host: 'harbor.example.org',
      account_name: 'admin',
      account_secret: 'Harbor-Secret-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const registry = created.json();
    expect(registry).toMatchObject({ name: 'harbor', host: 'harbor.example.org', account_name: 'admin' });
    expect(registry).not.toHaveProperty('account_secret');
    const [stored] = await ctx.database.db.select().from(registries).where(eq(registries.id, registry.id));
    expect(stored!.account_secret).toBe('Harbor-Secret-1');

    for (const url of [`/core/registries/${registry.id}`, '/core/registries']) {
      const response = await registryManager.get(url);
      expect(response.body).not.toContain('Harbor-Secret-1');
    }
    // What the original's build worker asks for, to push with the registry account.
    const asked = await registryManager.get(`/core/registries/${registry.id}?fields=+account_secret`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ account_name: 'admin', account_secret: 'Harbor-Secret-1' });
    const updated = await registryManager.post(`/core/registries/${registry.id}`, {
      account_secret: 'Other-Secret-2',
    });
    expect(updated.statusCode).toBe(202);
    expect(updated.body).not.toContain('Other-Secret-2');

    const project = await projectManager.post('/core/registry-projects', {
      name: 'site project',
      external_name: 'site_project',
      type: 'node',
      registry_id: registry.id,
      account_name: 'robot$site',
      account_secret: 'Robot-Secret-9',
    });
    expect(project.statusCode, project.body).toBe(201);
    expect(project.body).not.toContain('Robot-Secret-9');
    expect((await projectManager.get(`/core/registry-projects/${project.json().id}`)).body).not.toContain(
      'Robot-Secret-9',
    );
    expect((await projectManager.get('/core/registry-projects?include=registry')).body).not.toContain(
      'Secret',
    );
    // Registry project managers do not get the robot secret; registry managers do.
    const secretUrl = `/core/registry-projects/${project.json().id}?fields=+account_name,+account_secret`;
    expect((await projectManager.get(secretUrl)).statusCode).toBe(403);
    const managed = await registryManager.get(secretUrl);
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json()).toMatchObject({ account_name: 'robot$site', account_secret: 'Robot-Secret-9' });
  });

  it('validates registries and registry projects with the spec rules', async () => {
    const registry = await registryManager.post('/core/registries', { name: 'ab', host: 'h'.repeat(513) });
    expect(registry.statusCode).toBe(400);
    expect(
      registry
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['host', 'name']);
    const project = await projectManager.post('/core/registry-projects', {
      name: 'ab',
      external_name: 'has space',
      type: 'unknown',
      registry_id: '00000000-0000-4000-8000-000000000000',
      account_secret: 'weak',
    });
    expect(
      project
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['account_secret', 'external_name', 'name', 'type']);
    const missing = await projectManager.post('/core/registry-projects', {
      name: 'abc',
      external_name: 'abc',
      type: 'default',
      registry_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.json().message).toBe('The registry does not exist.');
  });

  it('accepts the whole registry project form on an edit, its registry only unchanged', async () => {
    const registry = (
      await registryManager.post('/core/registries', { name: 'edited', host: 'edited.example.org' })
    ).json();
    const other = (
      await registryManager.post('/core/registries', { name: 'other', host: 'other.example.org' })
    ).json();
    const project = (
      await projectManager.post('/core/registry-projects', {
        name: 'edited project',
        external_name: 'edited',
        type: 'default',
        registry_id: registry.id,
      })
    ).json();
    // What the registry project form sends on an edit: type, name, external name and registry.
    const url = `/core/registry-projects/${project.id}`;
    const form = {
      type: 'incoming',
      name: 'renamed project',
      external_name: 'renamed',
      registry_id: registry.id,
    };
    const edited = await projectManager.post(url, form);
    expect(edited.statusCode, edited.body).toBe(202);
    expect(edited.json()).toMatchObject({ ...form });

    const moved = await projectManager.post(url, { ...form, registry_id: other.id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(REGISTRY_FIXED_MESSAGE);
    expect((await projectManager.get(url)).json().registry_id).toBe(registry.id);
  });

  it('keeps nodes and analyses when a registry or registry project is deleted', async () => {
    const registry = (
      await registryManager.post('/core/registries', { name: 'doomed', host: 'doomed.example.org' })
    ).json();
    const project = (
      await projectManager.post('/core/registry-projects', {
        name: 'doomed project',
        external_name: 'doomed',
        type: 'node',
        registry_id: registry.id,
      })
    ).json();
    const node = (
      await admin.post('/core/nodes', { name: 'survivor', type: 'default', registry_id: registry.id })
    ).json();
    const db = ctx.database.db;
    await db.update(nodes).set({ registry_project_id: project.id }).where(eq(nodes.id, node.id));
    const study = (await admin.post('/core/projects', { name: 'Survivor study' })).json();
    const [analysis] = await db
      .insert(analyses)
      .values({ project_id: study.id, realm_id: masterId, registry_id: registry.id })
      .returning();

    expect((await projectManager.delete(`/core/registry-projects/${project.id}`)).statusCode).toBe(202);
    expect((await admin.get(`/core/nodes/${node.id}`)).json()).toMatchObject({
      registry_id: registry.id,
      registry_project_id: null,
    });
    expect((await registryManager.delete(`/core/registries/${registry.id}`)).statusCode).toBe(202);
    expect((await admin.get(`/core/nodes/${node.id}`)).json().registry_id).toBeNull();
    const [kept] = await db.select().from(analyses).where(eq(analyses.id, analysis!.id));
    expect(kept!.registry_id).toBeNull();
    expect(
      await db.select().from(registryProjects).where(eq(registryProjects.registry_id, registry.id)),
    ).toEqual([]);
  });

  it('stores what the setup and link jobs announce with their changes, so a crash after the commit loses none', async () => {
    const registry = (
      await registryManager.post('/core/registries', {
        name: 'crash-safe',
        host: 'crash-safe.example.org',
        kind: 'oci',
      })
    ).json();
    const db = ctx.database.db;
    const projectsOf = () =>
      db.select().from(registryProjects).where(eq(registryProjects.registry_id, registry.id));
    await ctx.app.outbox.flush();

    // The worker's process "dies" after each commit: setup creates the standard projects, each
    // link writes a project's registry side; none of it is announced by the process that wrote it.
    const projects = await dyingAfterCommit(ctx.app.outbox, async () => {
      const command = await registryManager.post('/core/services/registry/command', {
        command: 'setup',
        id: registry.id,
      });
      expect(command.statusCode, command.body).toBe(202);
      return eventually(async () => {
        const rows = await projectsOf();
        return rows.length === 3 && rows.every((row) => row.external_id !== null) && rows;
      }, 15_000);
    });
    const ids = projects.map((project) => project.id);
    const stored = (await undelivered(db, 'registryProject')).filter((event) =>
      ids.includes(event.data.id as string),
    );
    expect(stored.map((event) => event.event).sort()).toEqual([
      'created',
      'created',
      'created',
      'updated',
      'updated',
      'updated',
    ]);
    expect(JSON.stringify(stored)).not.toContain('account_secret');
    const audited = () => db.select().from(telemetryEvents).where(inArray(telemetryEvents.ref_id, ids));
    expect(await audited()).toEqual([]);

    // A living process sweeps the dead one's entries: every change reaches the audit trail.
    expect(await sweepAfterCrash(db, ctx.app.outbox)).toBeGreaterThanOrEqual(6);
    await ctx.app.telemetry.flush();
    expect((await audited()).map((event) => event.name).sort()).toEqual([
      'created',
      'created',
      'created',
      'updated',
      'updated',
      'updated',
    ]);
  });
});
