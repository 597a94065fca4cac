import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { analyses, analysisNodes, nodes } from '../../../server/src/modules/core/db/index.ts';
import {
  createAnalysisWorld,
  uploadCode,
  type AnalysisWorld,
} from '../../../server/src/modules/core/analyses/analyses.test-support.ts';

export interface HubWorld extends AnalysisWorld {
  url: string;
}

/**
 * The real hub on a loopback port (its own database) with the realms, nodes and project of the tests;
 * `environment` overrides the hub's settings.
 */
export async function startHubWorld(environment: Record<string, string> = {}): Promise<HubWorld> {
  const world = await createAnalysisWorld(environment);
  await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = world.ctx.app.server.address() as AddressInfo;
  return Object.assign(world, { url: `http://127.0.0.1:${port}` });
}

/** The robot secret of a node, replaced through the identity API (the create response is gone). */
export async function robotSecretOf(world: AnalysisWorld, robotId: string): Promise<string> {
  const secret = `node-secret-${robotId.slice(0, 8)}-0123456789`;
  const response = await world.admin.post(`/auth/robots/${robotId}`, { secret });
  if (response.statusCode !== 202) throw new Error(`setting the robot secret failed: ${response.body}`);
  return secret;
}

/** An analysis of the project on the site node and the aggregator, with its code uploaded. */
export async function createAnalysis(world: AnalysisWorld, name: string, code: Record<string, string>) {
  const created = await world.owner.post('/core/analyses', { project_id: world.projectId, name });
  if (created.statusCode !== 201) throw new Error(created.body);
  const analysisId = created.json().id as string;
  const ids: Record<string, string> = {};
  for (const node of [world.siteNode, world.hubNode]) {
    const link = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysisId,
      node_id: node.id,
    });
    if (link.statusCode !== 201) throw new Error(link.body);
    ids[node.id] = link.json().id;
  }
  await uploadCode(
    world,
    analysisId,
    Object.entries(code).map(([path, content]) => ({ path, content })),
  );
  return {
    analysisId,
    siteAnalysisNodeId: ids[world.siteNode.id]!,
    hubAnalysisNodeId: ids[world.hubNode.id]!,
  };
}

/**
 * What the hub's build records once the image is pushed to every node: build status `finished` and,
 * on each analysis node, the tag and digest of its image. Written directly until the build pipeline
 * (worker role) is part of the hub.
 */
export async function recordBuild(world: AnalysisWorld, analysisId: string, digest: string): Promise<void> {
  const db = world.ctx.database.db;
  await db
    .update(analyses)
    .set({ configuration_locked: true, build_status: 'finished' })
    .where(eq(analyses.id, analysisId));
  await db
    .update(analysisNodes)
    .set({ artifact_tag: 'latest', artifact_digest: digest })
    .where(eq(analysisNodes.analysis_id, analysisId));
}

/** The analysis node as the hub has it now. */
export async function analysisNodeOf(world: AnalysisWorld, id: string) {
  const response = await world.owner.get(`/core/analysis-nodes/${id}`);
  return response.json() as { run_status: string | null; approval_status: string | null };
}

/** The log lines of a node's run of an analysis, oldest first. */
export async function nodeLogs(world: AnalysisWorld, analysisId: string, nodeId: string) {
  const response = await world.owner.get(
    `/core/analysis-node-logs?filter[analysis_id]=${analysisId}&filter[node_id]=${nodeId}&page[limit]=100`,
  );
  if (response.statusCode !== 200) throw new Error(response.body);
  const lines = response.json().data as { message: string; level: string; time: string }[];
  return lines.sort((a, b) => (BigInt(a.time) < BigInt(b.time) ? -1 : 1));
}

export async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The run statuses a node reported for an analysis node, in order (from the hub's change events). */
export async function runStatusHistory(world: AnalysisWorld, analysisNodeId: string): Promise<string[]> {
  const response = await world.admin.get(
    `/telemetry/events?filter[ref_id]=${analysisNodeId}&filter[scope]=entity&sort=created_at&page[limit]=50`,
  );
  if (response.statusCode !== 200) throw new Error(response.body);
  const events = response.json().data as {
    data: { diff?: { run_status?: { next: string | null } } } | null;
  }[];
  return events.flatMap((event) => {
    const change = event.data?.diff?.run_status;
    return change && change.next ? [change.next] : [];
  });
}

/**
 * Points the world's registry at a real registry and gives both nodes their project there with its
 * pull account, as the registry setup does. Answers each node's repository prefix.
 */
export async function useRegistry(
  world: AnalysisWorld,
  host: string,
  credentials: { username: string; password: string },
): Promise<Map<string, string>> {
  const updated = await world.admin.post(`/core/registries/${world.registryId}`, { host });
  if (updated.statusCode !== 202) throw new Error(updated.body);
  const prefixes = new Map<string, string>();
  for (const node of [world.siteNode, world.hubNode]) {
    const externalName = `${node.name.replace(/-/g, '_')}_project`;
    const project = await world.admin.post('/core/registry-projects', {
      name: `${node.name} project`,
      external_name: externalName,
      type: 'node',
      registry_id: world.registryId,
      realm_id: node.realm_id,
      account_name: credentials.username,
      account_secret: credentials.password,
    });
    if (project.statusCode !== 201) throw new Error(project.body);
    await world.ctx.database.db
      .update(nodes)
      .set({ registry_project_id: project.json().id, external_name: externalName })
      .where(eq(nodes.id, node.id));
    prefixes.set(node.id, externalName);
  }
  return prefixes;
}
