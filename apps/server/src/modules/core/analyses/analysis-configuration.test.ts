import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_FIXED_MESSAGE } from './analysis.resource.ts';
import {
  createAnalysisWorld,
  uploadCode,
  type AnalysisWorld,
  type NodeInfo,
} from './analyses.test-support.ts';

/** The configuration checks a client of the original (0.8.20+) reads from an analysis. */
interface Checks {
  configuration_entrypoint_valid: boolean;
  configuration_image_valid: boolean;
  configuration_node_aggregator_valid: boolean;
  configuration_node_default_valid: boolean;
  configuration_nodes_valid: boolean;
}

const checks = (entrypoint: boolean, image: boolean, aggregator: boolean, defaultNode: boolean): Checks => ({
  configuration_entrypoint_valid: entrypoint,
  configuration_image_valid: image,
  configuration_node_aggregator_valid: aggregator,
  configuration_node_default_valid: defaultNode,
  configuration_nodes_valid: aggregator && defaultNode,
});

describe('analysis configuration checks and registry, as the original clients use them', () => {
  let world: AnalysisWorld;

  /** The body the Python client (`flame_hub` CoreClient.create_analysis) sends: every field, unset ones null. */
  const clientCreate = (name: string, extra: Record<string, unknown> = {}) =>
    world.owner.post('/core/analyses', {
      project_id: world.projectId,
      name,
      description: null,
      master_image_id: null,
      registry_id: null,
      image_command_arguments: [],
      ...extra,
    });
  /** What the client reads back (`get_analysis` includes registry, project and master_image). */
  const read = async (id: string) => {
    const response = await world.owner.get(`/core/analyses/${id}?include=registry,project,master_image`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const addNode = async (analysisId: string, node: NodeInfo) => {
    const response = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysisId,
      node_id: node.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };

  beforeAll(async () => {
    // No worker: it would take the build at once, and the test reads the build while it is starting.
    world = await createAnalysisWorld({ ROLES: 'api,realtime' });
  });
  afterAll(() => world.ctx.close());

  it('creates an analysis from the client body with registry_id null; the build picks the registry later', async () => {
    const created = await clientCreate('Client analysis');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ registry_id: null, image_command_arguments: [] });
    const analysis = await read(created.json().id);
    expect(analysis).toMatchObject({
      registry_id: null,
      registry: null,
      master_image_id: world.masterImageId,
    });
  });

  it('takes a registry on create and once on update, and keeps it then', async () => {
    const chosen = await clientCreate('With registry', { registry_id: world.registryId });
    expect(chosen.statusCode, chosen.body).toBe(201);
    const analysis = await read(chosen.json().id);
    expect(analysis.registry_id).toBe(world.registryId);
    expect(analysis.registry).toMatchObject({ id: world.registryId, name: 'harbor' });

    const unknown = await clientCreate('Unknown registry', {
      registry_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The registry does not exist.');
    const malformed = await clientCreate('Bad registry', { registry_id: 'harbor' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues[0]).toMatchObject({ path: 'registry_id' });

    const later = (await clientCreate('Registry later')).json();
    const set = await world.owner.post(`/core/analyses/${later.id}`, { registry_id: world.registryId });
    expect(set.statusCode, set.body).toBe(202);
    expect(set.json().registry_id).toBe(world.registryId);
    // Sending it again unchanged is fine; another one (or none) is refused.
    const same = await world.owner.post(`/core/analyses/${later.id}`, { registry_id: world.registryId });
    expect(same.statusCode, same.body).toBe(202);
    const other = (
      await world.admin.post('/core/registries', { name: 'other', host: 'other.example.org' })
    ).json();
    for (const registryId of [other.id, null]) {
      const changed = await world.owner.post(`/core/analyses/${later.id}`, { registry_id: registryId });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().message).toBe(REGISTRY_FIXED_MESSAGE);
    }
    expect((await read(later.id)).registry_id).toBe(world.registryId);
  });

  it('builds with the registry the analysis names, not the first one', async () => {
    const second = await world.admin.post('/core/registries', { name: 'second', host: 'second.example.org' });
    expect(second.statusCode, second.body).toBe(201);
    const id = (await clientCreate('Chosen registry', { registry_id: second.json().id })).json().id as string;
    const site = await addNode(id, world.siteNode);
    await addNode(id, world.hubNode);
    const approved = await world.siteOperator.post(`/core/analysis-nodes/${site.id}`, {
      approval_status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(202);
    await uploadCode(world, id, [{ path: 'main.py', content: 'print(1)' }]);
    for (const command of ['configurationLock', 'buildStart']) {
      const response = await world.owner.post(`/core/analyses/${id}/command`, { command });
      expect(response.statusCode, response.body).toBe(202);
    }
    expect(await read(id)).toMatchObject({
      build_status: 'starting',
      registry_id: second.json().id,
      registry: { id: second.json().id, name: 'second' },
    });
  });

  it('keeps the checks current as the image, the nodes and the entrypoint change', async () => {
    const created = await clientCreate('Checked analysis');
    expect(created.json()).toMatchObject(checks(false, true, false, false));
    const id = created.json().id as string;

    const withoutImage = await world.owner.post(`/core/analyses/${id}`, { master_image_id: null });
    expect(withoutImage.json()).toMatchObject(checks(false, false, false, false));
    const withImage = await world.owner.post(`/core/analyses/${id}`, {
      master_image_id: world.masterImageId,
    });
    expect(withImage.json()).toMatchObject(checks(false, true, false, false));

    const site = await addNode(id, world.siteNode);
    expect(await read(id)).toMatchObject(checks(false, true, false, true));
    const hub = await addNode(id, world.hubNode);
    expect(await read(id)).toMatchObject(checks(false, true, true, true));

    const { linked } = await uploadCode(world, id, [
      { path: 'main.py', content: 'print("main")' },
      { path: 'util.py', content: 'x = 1' },
    ]);
    expect(await read(id)).toMatchObject(checks(true, true, true, true));
    // The entrypoint moves to the other file: still one.
    expect(
      (await world.owner.post(`/core/analysis-bucket-files/${linked[1]!.id}`, { root: true })).statusCode,
    ).toBe(202);
    expect(await read(id)).toMatchObject(checks(true, true, true, true));
    expect(
      (await world.owner.post(`/core/analysis-bucket-files/${linked[1]!.id}`, { root: false })).statusCode,
    ).toBe(202);
    expect(await read(id)).toMatchObject(checks(false, true, true, true));
    expect(
      (await world.owner.post(`/core/analysis-bucket-files/${linked[0]!.id}`, { root: true })).statusCode,
    ).toBe(202);
    expect(await read(id)).toMatchObject(checks(true, true, true, true));
    expect((await world.owner.delete(`/core/analysis-bucket-files/${linked[0]!.id}`)).statusCode).toBe(202);
    expect(await read(id)).toMatchObject(checks(false, true, true, true));

    expect((await world.owner.delete(`/core/analysis-nodes/${hub.id}`)).statusCode).toBe(202);
    expect(await read(id)).toMatchObject(checks(false, true, false, true));
    expect((await world.owner.delete(`/core/analysis-nodes/${site.id}`)).statusCode).toBe(202);
    expect(await read(id)).toMatchObject(checks(false, true, false, false));

    // Lists filter on them, as a wizard or a script looking for complete configurations does.
    const complete = await world.owner.get(
      `/core/analyses?filter[configuration_nodes_valid]=true&filter[id]=${id}`,
    );
    expect(complete.json().meta.total).toBe(0);
    const incomplete = await world.owner.get(
      `/core/analyses?filter[configuration_nodes_valid]=false&filter[id]=${id}`,
    );
    expect(incomplete.json().meta.total).toBe(1);
  });

  it('follows a node that changes its type', async () => {
    const id = (await clientCreate('Node type')).json().id as string;
    await addNode(id, world.siteNode);
    expect(await read(id)).toMatchObject(checks(false, true, false, true));
    const retyped = await world.admin.post(`/core/nodes/${world.siteNode.id}`, { type: 'aggregator' });
    expect(retyped.statusCode, retyped.body).toBe(202);
    expect(await read(id)).toMatchObject(checks(false, true, true, false));
    await world.admin.post(`/core/nodes/${world.siteNode.id}`, { type: 'default' });
    expect(await read(id)).toMatchObject(checks(false, true, false, true));
  });

  it('loses no check when both nodes are added at the same time', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = (await clientCreate(`Concurrent ${round}`)).json().id as string;
      await Promise.all([addNode(id, world.siteNode), addNode(id, world.hubNode)]);
      expect(await read(id)).toMatchObject({ ...checks(false, true, true, true), nodes: 2 });
    }
  });
});
