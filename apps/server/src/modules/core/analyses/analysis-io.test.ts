import { PlatformPermissionName as P } from '@federa/schemas';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { permissions } from '#modules/auth/index.ts';
import { userWith } from '../core.test-support.ts';
import { registryProjects, serviceTasks } from '../db/index.ts';
import { NOT_NODE_AUTHORITY_MESSAGE } from './access-rules.ts';
import {
  bucketOf,
  createAnalysisWorld,
  eventually,
  uploadCode,
  uploadFiles,
  type AnalysisWorld,
} from './analyses.test-support.ts';
import { ANALYSIS_FILTER_MESSAGE, NODE_FILTERS_MESSAGE, analysisLogLabels } from './analysis-logs.routes.ts';

/** The entries of a tar archive: path to content. */
async function entriesOf(body: Buffer): Promise<Record<string, string>> {
  const extract = tar.extract();
  const entries: Record<string, string> = {};
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        entries[header.name] = Buffer.concat(chunks).toString('utf8');
        next();
      });
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  Readable.from(body).pipe(extract);
  await done;
  return entries;
}

describe('analysis downloads, logs and service commands', () => {
  let world: AnalysisWorld;
  let analysisId: string;

  beforeAll(async () => {
    world = await createAnalysisWorld();
    analysisId = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Downloads' })
    ).json().id;
    await world.owner.post('/core/analysis-nodes', { analysis_id: analysisId, node_id: world.siteNode.id });
  });
  afterAll(() => world.ctx.close());

  it('streams the code to the analysis realm and to the operators of its nodes', async () => {
    await uploadCode(world, analysisId, [
      { path: 'main.py', content: 'print("main")' },
      { path: 'lib/util.py', content: 'VALUE = 1' },
    ]);
    const url = `/core/analyses/${analysisId}/files/download`;
    expect((await world.ctx.app.inject({ url })).statusCode).toBe(401);
    const response = await world.owner.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-tar');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="analysis-${analysisId}-code.tar"`,
    );
    expect(await entriesOf(response.rawPayload)).toEqual({
      'lib/util.py': 'VALUE = 1',
      'main.py': 'print("main")',
    });

    // The site operator inspects the code of the analysis it is asked to approve.
    const bySite = await world.siteOperator.get(url);
    expect(bySite.statusCode, bySite.body).toBe(200);
    expect(Object.keys(await entriesOf(bySite.rawPayload)).sort()).toEqual(['lib/util.py', 'main.py']);
    const hubOperator = await userWith(world.ctx.app, world.admin, {
      name: 'hub-operator',
      realmId: world.hubId,
      realmName: 'hub',
      permissions: [P.ANALYSIS_APPROVE],
    });
    expect((await hubOperator.get(url)).statusCode).toBe(404);
  });

  it('streams results only to result readers of the analysis realm', async () => {
    const result = await bucketOf(world.owner, analysisId, 'RESULT');
    await uploadFiles(world.ctx.app, world.owner, result.external_id, [
      { path: 'out/summary.csv', content: 'n,1' },
    ]);
    const url = `/core/analyses/${analysisId}/result/download`;
    const response = await world.owner.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(await entriesOf(response.rawPayload)).toEqual({ 'out/summary.csv': 'n,1' });
    expect((await world.siteOperator.get(url)).statusCode).toBe(403);
    const editor = await userWith(world.ctx.app, world.admin, {
      name: 'editor',
      realmId: world.acmeId,
      realmName: 'acme',
      permissions: [P.ANALYSIS_UPDATE],
    });
    expect((await editor.get(url)).statusCode).toBe(403);
    expect(
      (await world.owner.get('/core/analyses/00000000-0000-4000-8000-000000000000/result/download'))
        .statusCode,
    ).toBe(404);
  });

  it('keeps analysis logs and node logs through telemetry', async () => {
    await world.ctx.app.telemetry.writeLog({
      level: 'info',
      message: 'Build started.',
      labels: analysisLogLabels(analysisId),
      realm_id: world.acmeId,
    });
    const missing = await world.owner.get('/core/analysis-logs');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ANALYSIS_FILTER_MESSAGE);
    const logs = await world.owner.get(`/core/analysis-logs?filter[analysis_id]=${analysisId}`);
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().data.map((line: { message: string }) => line.message)).toEqual(['Build started.']);
    expect(
      (await world.siteOperator.get(`/core/analysis-logs?filter[analysis_id]=${analysisId}`)).statusCode,
    ).toBe(404);

    // The node's robot writes about its run; both sides read it.
    const nodeUrl = `/core/analysis-node-logs?filter[analysis_id]=${analysisId}&filter[node_id]=${world.siteNode.id}`;
    const line = {
      analysis_id: analysisId,
      node_id: world.siteNode.id,
      level: 'warn',
      message: 'Disk almost full.',
    };
    expect((await world.owner.post('/core/analysis-node-logs', line)).json().message).toBe(
      NOT_NODE_AUTHORITY_MESSAGE,
    );
    expect(
      (await world.siteNode.robot.post('/core/analysis-node-logs', { ...line, level: 'loud' })).statusCode,
    ).toBe(400);
    const written = await world.siteNode.robot.post('/core/analysis-node-logs', {
      ...line,
      status: 'running',
    });
    // Accepted without a body, as the original answers (its clients check for 202).
    expect(written.statusCode, written.body).toBe(202);
    expect(written.body).toBe('');
    expect(
      (await world.owner.get('/core/analysis-node-logs?filter[analysis_id]=' + analysisId)).json().message,
    ).toBe(NODE_FILTERS_MESSAGE);
    for (const caller of [world.owner, world.siteOperator]) {
      const read = await caller.get(nodeUrl);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().data.map((row: { message: string }) => row.message)).toEqual(['Disk almost full.']);
      expect(read.json().data[0].labels).toMatchObject({ node_id: world.siteNode.id, status: 'running' });
    }
    // Node lines are not analysis lines.
    expect(
      (await world.owner.get(`/core/analysis-logs?filter[analysis_id]=${analysisId}`)).json().meta.total,
    ).toBe(1);

    expect((await world.siteOperator.delete(nodeUrl)).statusCode).toBe(403);
    const deleted = await world.owner.delete(nodeUrl);
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect(deleted.json().deleted).toBe(1);
    expect(
      (await world.owner.delete(`/core/analysis-logs?filter[analysis_id]=${analysisId}`)).json().deleted,
    ).toBe(1);
    expect(
      (await world.owner.get(`/core/analysis-logs?filter[analysis_id]=${analysisId}`)).json().meta.total,
    ).toBe(0);
  });

  it('applies the policy of the read permission to node log lines and run events, as to every read', async () => {
    const nodeUrl = `/core/analysis-node-logs?filter[analysis_id]=${analysisId}&filter[node_id]=${world.siteNode.id}`;
    expect((await world.siteOperator.get(nodeUrl)).statusCode).toBe(200);
    const analysisNode = (
      await world.siteOperator.get(`/core/analysis-nodes?filter[analysis_id]=${analysisId}`)
    ).json().data[0];
    const reported = await world.siteNode.robot.post(`/core/analysis-nodes/${analysisNode.id}`, {
      run_status: 'running',
    });
    expect(reported.statusCode, reported.body).toBe(202);
    const eventUrl = await eventually(async () => {
      const listed = await world.siteOperator.get(
        `/core/analysis-node-events?filter[analysis_id]=${analysisId}`,
      );
      const [link] = listed.json().data;
      return link ? `/core/analysis-node-events/${link.id}` : undefined;
    });
    expect((await world.siteOperator.get(eventUrl)).statusCode).toBe(200);
    // A policy that admits only the records of another node, attached to analysis_approve.
    const policy = await world.admin.post('/auth/policies', {
      name: 'stray-node-only',
      type: 'attributes',
      query: { node_id: { $eq: world.strayNode.id } },
    });
    expect(policy.statusCode, policy.body).toBe(201);
    const [permission] = await world.ctx.database.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.name, P.ANALYSIS_APPROVE), isNull(permissions.realm_id)));
    const attach = (policyId: string | null) =>
      world.admin.post(`/auth/permissions/${permission!.id}`, { policy_id: policyId });
    try {
      expect((await attach(policy.json().id)).statusCode).toBe(202);
      expect((await world.siteOperator.get(`/core/analysis-nodes/${analysisNode.id}`)).statusCode).toBe(403);
      expect((await world.siteOperator.get(nodeUrl)).statusCode).toBe(403);
      expect((await world.siteOperator.get(eventUrl)).statusCode).toBe(403);
    } finally {
      await attach(null);
    }
    expect((await world.siteOperator.get(nodeUrl)).statusCode).toBe(200);
    expect((await world.siteOperator.get(eventUrl)).statusCode).toBe(200);
  });

  it('validates and records registry service commands', async () => {
    const url = '/core/services/registry/command';
    expect((await world.owner.post(url, { command: 'setup', id: world.registryId })).statusCode).toBe(403);
    const setup = await world.admin.post(url, { command: 'setup', id: world.registryId });
    expect(setup.statusCode, setup.body).toBe(202);
    expect(setup.body).toBe('');
    expect((await world.admin.post(url, { command: 'fly', id: world.registryId })).statusCode).toBe(400);
    const unknown = await world.admin.post(url, {
      command: 'cleanup',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json().message).toBe('The registry does not exist.');
    const weak = await world.admin.post(url, {
      command: 'projectLink',
      id: world.registryId,
      secret: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('validation_failed');
    expect(
      (await world.admin.post(url, { command: 'projectLink', id: world.registryId })).json().message,
    ).toBe('The registry project does not exist.');
    const project = await world.admin.post('/core/registry-projects', {
      name: 'site project',
      external_name: 'site_project',
      type: 'node',
      registry_id: world.registryId,
    });
    expect(project.statusCode, project.body).toBe(201);
    const link = await world.admin.post(url, {
      command: 'projectLink',
      id: project.json().id,
      secret: 'Str0ngSecret',
    });
    expect(link.statusCode, link.body).toBe(202);
    const db = world.ctx.database.db;
    const tasks = await db.select().from(serviceTasks).orderBy(asc(serviceTasks.created_at));
    // Both commands are recorded as jobs; the worker runs setup at once, which links every project.
    const recorded = tasks.map((task) => [task.service, task.command, task.target_id]);
    expect(recorded).toContainEqual(['registry', 'setup', world.registryId]);
    expect(recorded).toContainEqual(['registry', 'projectLink', project.json().id]);
    expect(JSON.stringify(tasks)).not.toContain('Str0ngSecret');
    const [stored] = await db
      .select()
      .from(registryProjects)
      .where(eq(registryProjects.id, project.json().id));
    expect(stored!.account_secret).toBe('Str0ngSecret');
    expect((await world.admin.post('/core/services/mail/command', { command: 'setup' })).statusCode).toBe(
      404,
    );
    expect((await world.admin.post('/core/services/system/command', { command: 'setup' })).statusCode).toBe(
      400,
    );
  });
});
