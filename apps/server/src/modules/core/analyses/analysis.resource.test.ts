import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWith } from '../core.test-support.ts';
import { LOCKED_MESSAGE, ONLY_USERS_MESSAGE } from './access-rules.ts';
import { createAnalysisWorld, eventually, uploadCode, type AnalysisWorld } from './analyses.test-support.ts';

describe('analyses', () => {
  let world: AnalysisWorld;
  const create = (name: string, caller = world.owner) =>
    caller.post('/core/analyses', { project_id: world.projectId, name });

  beforeAll(async () => {
    world = await createAnalysisWorld();
  });
  afterAll(() => world.ctx.close());

  it('creates an analysis in its project realm with its three buckets', async () => {
    expect((await world.ctx.app.inject({ url: '/core/analyses' })).statusCode).toBe(401);
    expect((await create('Refused', world.siteOperator)).statusCode).toBe(403);
    const invalid = await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'ab' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues[0]).toMatchObject({
      path: 'name',
      message: 'This field should be at least 3 characters long',
    });

    const created = await create('Survival analysis');
    expect(created.statusCode, created.body).toBe(201);
    const analysis = created.json();
    expect(analysis).toMatchObject({
      name: 'Survival analysis',
      project_id: world.projectId,
      realm_id: world.acmeId,
      user_id: world.owner.id,
      master_image_id: world.masterImageId,
      configuration_locked: false,
      build_status: null,
      nodes: 0,
    });
    const buckets = (
      await world.owner.get(`/core/analysis-buckets?filter[analysis_id]=${analysis.id}`)
    ).json();
    expect(buckets.data.map((bucket: { type: string }) => bucket.type)).toEqual(['CODE', 'RESULT', 'TEMP']);
    const code = buckets.data[0];
    expect(analysis.external_id).toBe(code.external_id);
    // The creator owns the storage buckets, so they can upload.
    const storage = await world.owner.get(`/storage/buckets/${code.external_id}`);
    expect(storage.statusCode, storage.body).toBe(200);
    expect(storage.json().name).toBe(`analysis-code-files.${analysis.id}`);
    expect((await world.owner.get(`/core/analysis-buckets/${code.id}`)).json().type).toBe('CODE');
    expect((await world.owner.get(`/core/projects/${world.projectId}`)).json().analyses).toBeGreaterThan(0);
  });

  it('lets only users create analyses, in projects they see', async () => {
    const permission = (await world.admin.get(`/auth/permissions?filter[name]=${P.ANALYSIS_CREATE}`)).json()
      .data[0];
    const granted = await world.admin.post('/auth/robot-permissions', {
      robot_id: world.siteNode.robotId,
      permission_id: permission.id,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const byRobot = await world.siteNode.robot.post('/core/analyses', {
      project_id: world.projectId,
      name: 'Robot',
    });
    expect(byRobot.statusCode).toBe(403);
    expect(byRobot.json().message).toBe(ONLY_USERS_MESSAGE);

    const stranger = await userWith(world.ctx.app, world.admin, {
      name: 'stranger',
      realmId: world.siteId,
      realmName: 'site',
      permissions: [P.ANALYSIS_CREATE, P.ANALYSIS_UPDATE],
    });
    const hidden = await create('Elsewhere', stranger);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe('The project does not exist.');

    const mine = (await create('Visibility')).json();
    expect((await stranger.get(`/core/analyses/${mine.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/core/analyses')).json().meta.total).toBe(0);
    expect((await stranger.get('/core/analysis-buckets')).json().meta.total).toBe(0);
    expect((await world.admin.get(`/core/analyses/${mine.id}?include=project`)).json().project.name).toBe(
      'Federated study',
    );
  });

  it('keeps the image and its arguments while the configuration is locked', async () => {
    const analysis = (await create('Image rules')).json();
    const url = `/core/analyses/${analysis.id}`;
    const args = await world.owner.post(url, {
      image_command_arguments: [{ value: '-u', position: 'before' }],
    });
    expect(args.statusCode, args.body).toBe(202);
    expect(args.json().image_command_arguments).toEqual([{ value: '-u', position: 'before' }]);
    const images = (await world.owner.get('/core/master-images?sort=path')).json().data;
    const other = images.find((image: { id: string }) => image.id !== world.masterImageId);
    const switched = await world.owner.post(url, { master_image_id: other.id });
    // Arguments belong to the image they were written for.
    expect(switched.json()).toMatchObject({ master_image_id: other.id, image_command_arguments: null });
    const missing = await world.owner.post(url, { master_image_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.json().message).toBe('The master image does not exist.');

    await world.owner.post('/core/analysis-nodes', { analysis_id: analysis.id, node_id: world.siteNode.id });
    const hub = (
      await world.owner.post('/core/analysis-nodes', { analysis_id: analysis.id, node_id: world.hubNode.id })
    ).json();
    const site = (
      await world.owner.get(
        `/core/analysis-nodes?filter[analysis_id]=${analysis.id}&filter[node_id]=${world.siteNode.id}`,
      )
    ).json().data[0];
    await world.siteOperator.post(`/core/analysis-nodes/${site.id}`, { approval_status: 'approved' });
    expect(hub.approval_status).toBe('approved');
    await uploadCode(world, analysis.id, [{ path: 'main.py', content: 'print(1)' }]);
    expect((await world.owner.post(`${url}/command`, { command: 'configurationLock' })).statusCode).toBe(202);

    const refused = await world.owner.post(url, { master_image_id: world.masterImageId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LOCKED_MESSAGE);
    expect((await world.owner.post(url, { image_command_arguments: null })).statusCode).toBe(400);
    const renamed = await world.owner.post(url, { name: 'Renamed while locked' });
    expect(renamed.statusCode).toBe(202);
    expect(renamed.json().name).toBe('Renamed while locked');
  });

  it('counts analyses exactly under concurrent creations and deletions', async () => {
    const project = (await world.owner.post('/core/projects', { name: 'Concurrent study' })).json();
    const analysesOf = async () => (await world.owner.get(`/core/projects/${project.id}`)).json().analyses;
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        world.owner.post('/core/analyses', { project_id: project.id, name: `Concurrent ${index}` }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    expect(await analysesOf()).toBe(8);

    const deleted = await Promise.all(
      created.slice(0, 3).map((response) => world.owner.delete(`/core/analyses/${response.json().id}`)),
    );
    expect(deleted.map((response) => response.statusCode)).toEqual(Array(3).fill(202));
    expect(await analysesOf()).toBe(5);
    const listed = await world.owner.get(`/core/analyses?filter[project_id]=${project.id}`);
    expect(listed.json().meta.total).toBe(5);
  });

  it('deletes an analysis with its buckets and stored files', async () => {
    const analysis = (await create('Short-lived')).json();
    const { code } = await uploadCode(world, analysis.id, [{ path: 'main.py', content: 'print(2)' }]);
    const before = (await world.admin.get(`/core/projects/${world.projectId}`)).json().analyses;
    const { readdir } = await import('node:fs/promises');
    const objects = `${world.ctx.config.dataDir}/storage/objects`;
    expect(await readdir(objects)).toContain(code.external_id);
    expect((await world.siteOperator.delete(`/core/analyses/${analysis.id}`)).statusCode).toBe(403);
    const deleted = await world.owner.delete(`/core/analyses/${analysis.id}`);
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect(deleted.json().id).toBe(analysis.id);
    expect((await world.owner.get(`/core/analyses/${analysis.id}`)).statusCode).toBe(404);
    expect((await world.owner.get(`/storage/buckets/${code.external_id}`)).statusCode).toBe(404);
    expect(
      (await world.owner.get(`/core/analysis-buckets?filter[analysis_id]=${analysis.id}`)).json().meta.total,
    ).toBe(0);
    expect((await world.admin.get(`/core/projects/${world.projectId}`)).json().analyses).toBe(before - 1);
    // The stored objects go after the commit.
    await eventually(async () => {
      const folders = await readdir(objects).catch((): string[] => []);
      return !folders.includes(code.external_id);
    });
  });
});
