import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.ts';
import { signIn, type Caller } from '../../../../test/auth-client.ts';
import { createRealm, userWith } from '../core.test-support.ts';

describe('GET /core/registry-projects/:id/secret', () => {
  let ctx: TestApp;
  let admin: Caller;
  let projectId: string;
  let otherRealmProjectId: string;
  let projectManager: Caller;
  let foreignManager: Caller;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    const masterId = (await admin.get('/auth/realms/master')).json().id;
    const otherId = await createRealm(admin, 'site-b');
    projectManager = await userWith(ctx.app, admin, {
      name: 'project-manager',
      realmId: masterId,
      realmName: 'master',
      permissions: [P.REGISTRY_PROJECT_MANAGE],
    });
    foreignManager = await userWith(ctx.app, admin, {
      name: 'foreign-manager',
      realmId: otherId,
      realmName: 'site-b',
      permissions: [P.REGISTRY_MANAGE],
    });
    const registry = (
      await admin.post('/core/registries', { name: 'harbor', host: 'harbor.example.org' })
    ).json();
    const project = await admin.post('/core/registry-projects', {
      name: 'site project',
      external_name: 'site_project',
      type: 'node',
      registry_id: registry.id,
      account_name: 'robot$site',
      account_secret: 'Robot-Secret-9',
    });
    expect(project.statusCode, project.body).toBe(201);
    projectId = project.json().id;
    const master = await admin.post('/core/registry-projects', {
      name: 'master images',
      external_name: 'master',
      type: 'masterImages',
      registry_id: registry.id,
      realm_id: masterId,
    });
    expect(master.statusCode, master.body).toBe(201);
    otherRealmProjectId = master.json().id;
  });
  afterAll(() => ctx.close());

  it('reveals the secret to a registry manager, uncached, and records who read it', async () => {
    const response = await admin.get(`/core/registry-projects/${projectId}/secret`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ account_secret: 'Robot-Secret-9' });
    expect(response.headers['cache-control']).toBe('no-store');
    const events = await admin.get(`/telemetry/events?filter[ref_id]=${projectId}&filter[name]=secretRead`);
    expect(events.json().data).toEqual([
      expect.objectContaining({ scope: 'access', ref_type: 'registryProject', actor_name: 'admin' }),
    ]);
    expect(JSON.stringify(events.json())).not.toContain('Robot-Secret-9');
    // A project without a secret says so.
    expect((await admin.get(`/core/registry-projects/${otherRealmProjectId}/secret`)).json()).toEqual({
      account_secret: null,
    });
  });

  it('refuses whoever does not manage registries of the project realm, and unknown ids', async () => {
    expect((await ctx.app.inject({ url: `/core/registry-projects/${projectId}/secret` })).statusCode).toBe(
      401,
    );
    const managerOnly = await projectManager.get(`/core/registry-projects/${projectId}/secret`);
    expect(managerOnly.statusCode).toBe(403);
    expect(managerOnly.body).not.toContain('Robot-Secret-9');
    const foreign = await foreignManager.get(`/core/registry-projects/${otherRealmProjectId}/secret`);
    expect(foreign.statusCode).toBe(403);
    expect(
      (await admin.get('/core/registry-projects/00000000-0000-4000-8000-000000000000/secret')).statusCode,
    ).toBe(404);
    expect((await admin.get('/core/registry-projects/nope/secret')).statusCode).toBe(400);
  });
});
