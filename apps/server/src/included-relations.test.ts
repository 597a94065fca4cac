import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bucketOf,
  createAnalysisWorld,
  uploadCode,
  type AnalysisWorld,
} from './modules/core/analyses/analyses.test-support.ts';

const TIME = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

/** The fields of a record as the original's clients validate it (their models' required fields). */
const REALM = {
  id: UUID,
  name: expect.any(String),
  built_in: expect.any(Boolean),
  created_at: TIME,
  updated_at: TIME,
};
const REGISTRY = { id: UUID, name: 'harbor', host: 'harbor.example.org', created_at: TIME, updated_at: TIME };
const NODE = {
  id: UUID,
  name: expect.any(String),
  type: expect.any(String),
  hidden: false,
  online: false,
  realm_id: UUID,
  registry_id: UUID,
  robot_id: UUID,
  created_at: TIME,
  updated_at: TIME,
};
const ANALYSIS = {
  id: UUID,
  project_id: UUID,
  realm_id: UUID,
  user_id: UUID,
  nodes: expect.any(Number),
  configuration_locked: false,
  configuration_entrypoint_valid: expect.any(Boolean),
  configuration_nodes_valid: expect.any(Boolean),
  created_at: TIME,
  updated_at: TIME,
};
const PROJECT = {
  id: UUID,
  name: expect.any(String),
  analyses: expect.any(Number),
  nodes: expect.any(Number),
  realm_id: UUID,
  user_id: UUID,
  created_at: TIME,
  updated_at: TIME,
};

describe('included relations, as the original clients ask for them', () => {
  let world: AnalysisWorld;
  let analysisId: string;

  /** Reads as the client does and returns the first row (lists) or the record. */
  const first = async (url: string, caller = world.admin) => {
    const response = await caller.get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    const body = response.json();
    return (Array.isArray(body.data) ? body.data[0] : body) as Record<string, unknown>;
  };

  beforeAll(async () => {
    world = await createAnalysisWorld();
    const created = await world.owner.post('/core/analyses', {
      project_id: world.projectId,
      name: 'Included',
      registry_id: world.registryId,
    });
    analysisId = created.json().id;
    await world.owner.post('/core/analysis-nodes', { analysis_id: analysisId, node_id: world.siteNode.id });
    await uploadCode(world, analysisId, [{ path: 'main.py', content: 'print(1)' }]);
  });
  afterAll(() => world.ctx.close());

  it('returns related hub records whole, with their times', async () => {
    const analysis = await first(`/core/analyses/${analysisId}?include=registry,project,master_image,realm`);
    expect(analysis.registry).toMatchObject({ ...REGISTRY, account_name: null });
    expect(analysis.registry).not.toHaveProperty('account_secret');
    expect(analysis.project).toMatchObject({ ...PROJECT, master_image_id: world.masterImageId });
    expect(analysis.master_image).toMatchObject({
      id: world.masterImageId,
      virtual_path: expect.any(String),
      group_virtual_path: expect.any(String),
      created_at: TIME,
      updated_at: TIME,
    });
    expect(analysis.realm).toMatchObject({ ...REALM, id: world.acmeId });

    const analysisNode = await first(
      `/core/analysis-nodes?filter[analysis_id]=${analysisId}&include=analysis,node`,
      world.owner,
    );
    expect(analysisNode.analysis).toMatchObject({ ...ANALYSIS, id: analysisId });
    expect(analysisNode.node).toMatchObject({ ...NODE, id: world.siteNode.id });

    const node = await first(`/core/nodes/${world.siteNode.id}?include=registry,registry_project,realm`);
    expect(node.registry).toMatchObject(REGISTRY);
    expect(node.realm).toMatchObject({ ...REALM, id: world.siteId });

    const projectNode = await first(
      `/core/project-nodes?filter[project_id]=${world.projectId}&include=node,project`,
    );
    expect(projectNode.node).toMatchObject(NODE);
    expect(projectNode.project).toMatchObject({ ...PROJECT, id: world.projectId });

    const project = await first(`/core/projects/${world.projectId}?include=master_image`);
    expect(project.master_image).toMatchObject({ id: world.masterImageId, created_at: TIME });

    const bucket = await first(`/core/analysis-buckets?filter[analysis_id]=${analysisId}&include=analysis`);
    expect(bucket.analysis).toMatchObject({ ...ANALYSIS, id: analysisId });

    const code = await bucketOf(world.owner, analysisId, 'CODE');
    const file = await first(
      `/core/analysis-bucket-files?filter[bucket_id]=${code.id}&include=analysis,bucket`,
    );
    expect(file.analysis).toMatchObject({
      ...ANALYSIS,
      id: analysisId,
      configuration_entrypoint_valid: true,
    });
    expect(file.bucket).toMatchObject({
      id: code.id,
      type: 'CODE',
      analysis_id: analysisId,
      realm_id: world.acmeId,
      created_at: TIME,
      updated_at: TIME,
    });

    const registryProject = await world.admin.post('/core/registry-projects', {
      name: 'site project',
      external_name: 'site_project',
      type: 'node',
      registry_id: world.registryId,
      realm_id: world.siteId,
      account_secret: 'Robot-Secret-7',
    });
    const readProject = await first(
      `/core/registry-projects/${registryProject.json().id}?include=registry,realm`,
    );
    expect(readProject.registry).toMatchObject(REGISTRY);
    expect(readProject.realm).toMatchObject({ ...REALM, id: world.siteId });
    expect(JSON.stringify(readProject)).not.toContain('Robot-Secret-7');
  });

  it('offers the relations authup offers: robot user and the realms of link sides', async () => {
    const adminId = (await world.admin.get('/auth/users/admin')).json().id as string;
    const robot = await world.admin.post('/auth/robots', { name: 'script-robot', user_id: adminId });
    expect(robot.statusCode, robot.body).toBe(201);
    const withUser = await first(`/auth/robots/${robot.json().id}?include=user,realm`);
    expect(withUser.user).toMatchObject({ id: adminId, name: 'admin', realm_id: UUID, created_at: TIME });
    expect(withUser.user).not.toHaveProperty('email');
    expect(withUser.user).not.toHaveProperty('password');
    expect(withUser.realm).toMatchObject(REALM);

    const links: Array<[string, string[]]> = [
      ['role-permissions', ['role', 'permission', 'role_realm', 'permission_realm']],
      ['user-permissions', ['user', 'permission', 'user_realm', 'permission_realm']],
      ['user-roles', ['user', 'role', 'user_realm', 'role_realm']],
      ['robot-permissions', ['robot', 'permission', 'robot_realm', 'permission_realm']],
    ];
    for (const [path, relations] of links) {
      const row = await first(`/auth/${path}?include=${relations.join(',')}`);
      expect(row, path).toBeDefined();
      for (const relation of relations.filter((name) => !name.endsWith('_realm'))) {
        expect(row[relation], `${path} ${relation}`).toMatchObject({
          id: UUID,
          created_at: TIME,
          updated_at: TIME,
        });
      }
      for (const relation of relations.filter((name) => name.endsWith('_realm'))) {
        const realmId = row[`${relation}_id`];
        if (realmId === null) expect(row[relation], `${path} ${relation}`).toBeNull();
        else expect(row[relation], `${path} ${relation}`).toMatchObject({ ...REALM, id: realmId });
      }
    }
    // A user's realm, from a link whose user lives in a realm.
    const userRole = await first(
      `/auth/user-permissions?filter[user_id]=${world.owner.id}&include=user_realm`,
    );
    expect(userRole.user_realm).toMatchObject({ ...REALM, id: world.acmeId, name: 'acme' });
  });

  it('still refuses relations that do not exist', async () => {
    for (const url of [
      '/auth/robots?include=secret',
      '/auth/role-permissions?include=policy',
      `/core/analysis-bucket-files?include=project`,
      '/core/analyses?include=nodes',
    ]) {
      const response = await world.admin.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/unknown relation/);
    }
  });
});
