import { PlatformPermissionName as P } from '@federa/schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '#platform/db/schema/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { dyingAfterCommit, sweepAfterCrash, undelivered } from '#platform/events/outbox.test-support.ts';
import { userWith } from '../core.test-support.ts';
import { analyses, analysisTasks } from '../db/index.ts';
import {
  bucketOf,
  createAnalysisWorld,
  eventually,
  uploadCode,
  type AnalysisWorld,
  type NodeInfo,
} from './analyses.test-support.ts';

describe('analysis commands', () => {
  let world: AnalysisWorld;
  const command = (id: string, name: string, caller = world.owner) =>
    caller.post(`/core/analyses/${id}/command`, { command: name });
  const refusal = async (id: string, name: string) => {
    const response = await command(id, name);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().message as string;
  };
  const addNode = async (analysisId: string, node: NodeInfo) => {
    const response = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysisId,
      node_id: node.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; approval_status: string | null };
  };
  const approve = async (analysisNodeId: string) => {
    const response = await world.siteOperator.post(`/core/analysis-nodes/${analysisNodeId}`, {
      approval_status: 'approved',
      comment: 'The code looks fine.',
    });
    expect(response.statusCode, response.body).toBe(202);
  };
  const createAnalysis = async (name: string) => {
    const response = await world.owner.post('/core/analyses', { project_id: world.projectId, name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  /** An analysis ready to lock: the given nodes (site-realm ones approved) and code with an entrypoint. */
  const configured = async (name: string, nodes: NodeInfo[]) => {
    const analysis = await createAnalysis(name);
    for (const node of nodes) {
      const link = await addNode(analysis.id, node);
      if (node.realm_id === world.siteId) await approve(link.id);
    }
    await uploadCode(world, analysis.id, [{ path: 'main.py', content: 'print("hi")' }]);
    return analysis;
  };
  /** Adds a node of the site realm to the project, approved by its operator. */
  const joinProject = async (node: NodeInfo) => {
    const link = await world.owner.post('/core/project-nodes', {
      project_id: world.projectId,
      node_id: node.id,
    });
    expect(link.statusCode, link.body).toBe(201);
    if (link.json().approval_status !== 'approved') {
      await world.siteOperator.post(`/core/project-nodes/${link.json().id}`, { approval_status: 'approved' });
    }
  };

  beforeAll(async () => {
    // The commands alone: no worker consumes the builds started here (builds/build.test.ts runs them).
    world = await createAnalysisWorld({ ROLES: 'api,realtime' });
  });
  afterAll(() => world.ctx.close());

  it('configures, locks and starts the build through the API alone, refusing with the spec messages', async () => {
    const events: EntityEvent[] = [];
    const unsubscribe = world.ctx.app.events.subscribe((event) => void events.push(event));
    const analysis = await createAnalysis('First analysis');
    const id = analysis.id;

    expect(await refusal(id, 'configurationLock')).toBe('The analysis requires at least two nodes.');
    expect(await refusal(id, 'buildStart')).toBe(
      'The analysis configuration must be locked before starting the build.',
    );
    expect(await refusal(id, 'buildStop')).toBe(
      'The analysis configuration must be locked before stopping the build.',
    );
    expect(await refusal(id, 'buildStatus')).toBe(
      'The analysis configuration must be locked before checking the build status.',
    );
    expect(await refusal(id, 'configurationUnlock')).toBe('The analysis configuration is already unlocked.');
    expect(await refusal(id, 'explode')).toBe('The analysis command explode cannot be executed.');

    const site = await addNode(id, world.siteNode);
    const hub = await addNode(id, world.hubNode);
    expect(site.approval_status).toBeNull();
    expect(hub.approval_status).toBe('approved');

    expect(await refusal(id, 'configurationLock')).toBe(
      'At least one code file must be uploaded and at least one entrypoint file is required.',
    );
    await uploadCode(world, id, [
      { path: 'main.py', content: 'import lib.util\n' },
      { path: 'lib/util.py', content: 'x = 1\n' },
    ]);
    expect(await refusal(id, 'configurationLock')).toBe('At least one node has not approved the analysis.');
    await approve(site.id);

    const locked = await command(id, 'configurationLock');
    expect(locked.statusCode, locked.body).toBe(202);
    expect(locked.json()).toMatchObject({ id, configuration_locked: true, build_status: null, nodes: 2 });
    expect(await refusal(id, 'configurationLock')).toBe('The analysis configuration is already locked.');
    expect(await refusal(id, 'buildStop')).toBe('The analysis build process has not been initialized.');
    expect(await refusal(id, 'buildStatus')).toBe('The analysis build process has not been initialized.');

    const started = await command(id, 'buildStart');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ build_status: 'starting', registry_id: world.registryId });
    // The build worker (a later issue) finds the queued task.
    const tasks = await world.ctx.database.db
      .select()
      .from(analysisTasks)
      .where(eq(analysisTasks.analysis_id, id));
    expect(tasks.map((task) => [task.task, task.status])).toEqual([['build', 'queued']]);
    expect((await world.owner.get(`/core/analyses/${id}`)).json().build_status).toBe('starting');

    expect(await refusal(id, 'buildStart')).toBe(
      'The current analysis build status "starting" does not allow a build start.',
    );
    expect(await refusal(id, 'configurationUnlock')).toBe(
      'The current analysis build status "starting" does not allow unlocking the configuration.',
    );
    // Checking a build in progress never resets its status (the original's bug).
    const checked = await command(id, 'buildStatus');
    expect(checked.statusCode).toBe(202);
    expect(checked.json().build_status).toBe('starting');

    unsubscribe();
    const transition = events.find(
      (event) =>
        event.type === 'analysis' && event.event === 'updated' && event.data.build_status === 'starting',
    );
    expect(transition?.previous?.build_status).toBeNull();
    expect(transition?.realmIds).toEqual([world.acmeId]);
    // The telemetry recorder keeps the transition in the audit trail.
    await eventually(async () => {
      const recorded = await world.admin.get(
        `/telemetry/events?filter[ref_type]=analysis&filter[ref_id]=${id}`,
      );
      return recorded
        .json()
        .data.some(
          (event: { name: string; data: { diff?: { build_status?: { next: string } } } }) =>
            event.name === 'updated' && event.data.diff?.build_status?.next === 'starting',
        );
    });
  });

  it('stores what a command announces with its change, so a crash after the commit loses nothing', async () => {
    const analysis = await configured('Crashed lock', [world.siteNode, world.hubNode]);
    const { outbox } = world.ctx.app;
    const events: EntityEvent[] = [];
    const unsubscribe = world.ctx.app.events.subscribe((event) => void events.push(event));
    const lockedAnnounced = () =>
      events.some(
        (event) =>
          event.type === 'analysis' &&
          (event.data as { id?: string; configuration_locked?: boolean }).id === analysis.id &&
          (event.data as { configuration_locked?: boolean }).configuration_locked === true,
      );
    try {
      // The process "dies" between its commit and its announcement.
      outbox.deliverAfterCommit = false;
      expect((await command(analysis.id, 'configurationLock')).statusCode).toBe(202);
      outbox.deliverAfterCommit = true;
      expect(lockedAnnounced()).toBe(false);

      // Its lease runs out; the sweep of a living process announces the lock.
      await world.ctx.database.db.update(eventOutbox).set({ lease_until: sql`now() - interval '1 second'` });
      expect(await outbox.sweep()).toBeGreaterThanOrEqual(1);
      await eventually(async () => lockedAnnounced());
    } finally {
      outbox.deliverAfterCommit = true;
      unsubscribe();
    }
  });

  it('stores the buckets spinUp creates with their announcements, so a crash after the commit loses none', async () => {
    const analysis = await createAnalysis('Crashed spin-up');
    expect((await command(analysis.id, 'tearDown')).statusCode).toBe(202);
    const { outbox } = world.ctx.app;
    const db = world.ctx.database.db;
    await outbox.flush();

    const spun = await dyingAfterCommit(outbox, () => command(analysis.id, 'spinUp'));
    expect(spun.statusCode, spun.body).toBe(202);
    const buckets = (await undelivered(db, 'analysisBucket', 'created')).filter(
      (event) => event.data.analysis_id === analysis.id,
    );
    expect(buckets.map((event) => event.data.type).sort()).toEqual(['CODE', 'RESULT', 'TEMP']);
    expect(
      (await undelivered(db, 'analysis', 'updated')).filter((event) => event.data.id === analysis.id),
    ).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ external_id: spun.json().external_id }) }),
    ]);

    const heard: EntityEvent[] = [];
    const unsubscribe = world.ctx.app.events.subscribe((event) => void heard.push(event));
    try {
      expect(await sweepAfterCrash(db, outbox)).toBeGreaterThanOrEqual(4);
    } finally {
      unsubscribe();
    }
    expect(
      heard.filter((event) => event.type === 'analysisBucket' && event.data.analysis_id === analysis.id),
    ).toHaveLength(3);
  });

  it('stops a build in two steps, then unlocks and asks the nodes to approve again', async () => {
    const analysis = await configured('Stopped analysis', [world.siteNode, world.hubNode]);
    const id = analysis.id;
    expect((await command(id, 'configurationLock')).statusCode).toBe(202);
    expect((await command(id, 'buildStart')).statusCode).toBe(202);

    expect((await command(id, 'buildStop')).json().build_status).toBe('stopping');
    const tasks = await world.ctx.database.db
      .select()
      .from(analysisTasks)
      .where(eq(analysisTasks.analysis_id, id));
    // The build is cancelled; a stop job (which removes pushed images) is queued.
    expect(Object.fromEntries(tasks.map((task) => [task.task, task.status]))).toEqual({
      build: 'cancelled',
      buildStop: 'queued',
    });
    expect((await command(id, 'buildStop')).json().build_status).toBe('stopped');
    expect(await refusal(id, 'buildStop')).toBe(
      'The current analysis build status "stopped" does not allow a build stop.',
    );
    expect((await command(id, 'buildStatus')).json().build_status).toBe('stopped');

    const unlocked = await command(id, 'configurationUnlock');
    expect(unlocked.statusCode, unlocked.body).toBe(202);
    expect(unlocked.json()).toMatchObject({ configuration_locked: false, build_status: null });
    const nodes = (
      await world.owner.get(`/core/analysis-nodes?filter[analysis_id]=${id}&include=node`)
    ).json().data;
    const approvals = Object.fromEntries(
      nodes.map((row: { node: { name: string }; approval_status: string | null }) => [
        row.node.name,
        row.approval_status,
      ]),
    );
    // The aggregator needs no approval; the site must approve the configuration again.
    expect(approvals).toEqual({ 'site-node': null, 'hub-node': 'approved' });
    expect(await refusal(id, 'configurationLock')).toBe('At least one node has not approved the analysis.');
  });

  it('reports a build without progress for longer than the timeout as failed, and allows a new start', async () => {
    const analysis = await configured('Stuck analysis', [world.siteNode, world.hubNode]);
    const id = analysis.id;
    expect((await command(id, 'configurationLock')).statusCode).toBe(202);
    expect((await command(id, 'buildStart')).statusCode).toBe(202);
    const db = world.ctx.database.db;
    await db
      .update(analysisTasks)
      .set({ updated_at: sql`now() - interval '16 minutes'` as never })
      .where(eq(analysisTasks.analysis_id, id));

    const checked = await command(id, 'buildStatus');
    expect(checked.statusCode).toBe(202);
    expect(checked.json().build_status).toBe('failed');
    const [task] = await db.select().from(analysisTasks).where(eq(analysisTasks.analysis_id, id));
    expect(task!.status).toBe('failed');

    const restarted = await command(id, 'buildStart');
    expect(restarted.json().build_status).toBe('starting');
  });

  it('checks code, entrypoint, aggregators and the master image before locking', async () => {
    const second = { ...world.strayNode };
    await joinProject(second);
    const noAggregator = await configured('Without aggregator', [world.siteNode, second]);
    expect(await refusal(noAggregator.id, 'configurationLock')).toBe(
      'At least one aggregator node has to be part of the analysis.',
    );

    const hub2Response = await world.admin.post('/core/nodes', {
      name: 'hub-two',
      realm_id: world.hubId,
      type: 'aggregator',
      registry_id: world.registryId,
    });
    const hub2 = { ...world.hubNode, id: hub2Response.json().id as string, name: 'hub-two' };
    await joinProject(hub2);
    const twoAggregators = await configured('Two aggregators', [world.siteNode, world.hubNode, hub2]);
    expect(await refusal(twoAggregators.id, 'configurationLock')).toBe(
      'Only one aggregator node can be part of the analysis.',
    );

    // Without its code bucket (torn down), and back (spun up).
    const bucketless = await configured('Bucketless', [world.siteNode, world.hubNode]);
    const torn = await command(bucketless.id, 'tearDown');
    expect(torn.statusCode, torn.body).toBe(202);
    expect(torn.json().external_id).toBeNull();
    expect(await refusal(bucketless.id, 'configurationLock')).toBe(
      'The analysis bucket for code files does not exist.',
    );
    const spun = await command(bucketless.id, 'spinUp');
    expect(spun.statusCode, spun.body).toBe(202);
    expect(spun.json().external_id).toBe((await bucketOf(world.owner, bucketless.id, 'CODE')).external_id);
    expect(await refusal(bucketless.id, 'configurationLock')).toBe(
      'At least one code file must be uploaded and at least one entrypoint file is required.',
    );

    const imageless = await configured('Imageless', [world.siteNode, world.hubNode]);
    expect(
      (await world.owner.post(`/core/analyses/${imageless.id}`, { master_image_id: null })).statusCode,
    ).toBe(202);
    expect(await refusal(imageless.id, 'configurationLock')).toBe(
      'A master image must be assigned to the analysis.',
    );

    // A build status left from before (e.g. written by the worker) keeps the configuration open.
    await world.ctx.database.db
      .update(analyses)
      .set({ build_status: 'failed', master_image_id: world.masterImageId })
      .where(eq(analyses.id, imageless.id));
    expect(await refusal(imageless.id, 'configurationLock')).toBe(
      'The analysis build process has already been initialized.',
    );
  });

  it('refuses a build when a node has no registry', async () => {
    const bare = await world.admin.post('/core/nodes', {
      name: 'bare-node',
      realm_id: world.siteId,
      type: 'default',
    });
    const bareNode = { ...world.siteNode, id: bare.json().id as string, name: 'bare-node' };
    await joinProject(bareNode);
    const analysis = await configured('Registryless', [bareNode, world.hubNode]);
    expect((await command(analysis.id, 'configurationLock')).statusCode).toBe(202);
    expect(await refusal(analysis.id, 'buildStart')).toBe(
      'The node bare-node is not assigned to a registry yet.',
    );
    expect((await world.owner.get(`/core/analyses/${analysis.id}`)).json().build_status).toBeNull();
  });

  it('gates every command by permission and realm', async () => {
    const analysis = await configured('Gated analysis', [world.siteNode, world.hubNode]);
    const url = `/core/analyses/${analysis.id}/command`;
    expect(
      (await world.ctx.app.inject({ method: 'POST', url, payload: { command: 'configurationLock' } }))
        .statusCode,
    ).toBe(401);
    // The node's operator approves but does not edit the analysis.
    expect((await command(analysis.id, 'configurationLock', world.siteOperator)).statusCode).toBe(403);

    const starter = await userWith(world.ctx.app, world.admin, {
      name: 'starter',
      realmId: world.acmeId,
      realmName: 'acme',
      permissions: [P.ANALYSIS_EXECUTION_START],
    });
    expect((await command(analysis.id, 'configurationLock', starter)).statusCode).toBe(403);
    expect((await command(analysis.id, 'configurationLock')).statusCode).toBe(202);
    const started = await command(analysis.id, 'buildStart', starter);
    expect(started.statusCode, started.body).toBe(202);
    expect((await command(analysis.id, 'buildStop', starter)).statusCode).toBe(403);

    // Someone of another realm, even with the permission, does not see the analysis.
    const outsider = await userWith(world.ctx.app, world.admin, {
      name: 'outsider',
      realmId: world.siteId,
      realmName: 'site',
      permissions: [P.ANALYSIS_UPDATE],
    });
    expect((await command(analysis.id, 'buildStop', outsider)).statusCode).toBe(404);
    expect((await world.owner.post(url, {})).statusCode).toBe(400);
    expect(
      (await world.owner.post('/core/analyses/not-an-id/command', { command: 'buildStop' })).statusCode,
    ).toBe(400);
  });
});

describe('analysis builds without progress', () => {
  let world: AnalysisWorld;

  beforeAll(async () => {
    // A worker role whose job loops take nothing (as when the process consuming the build died):
    // only the sweep notices the build.
    world = await createAnalysisWorld({ ANALYSIS_BUILD_TIMEOUT_MS: '300', WORKER_CONCURRENCY: '0' });
  });
  afterAll(() => world.ctx.close());

  it('are reported failed by the worker role without anyone checking', async () => {
    const { owner } = world;
    const analysis = (
      await owner.post('/core/analyses', { project_id: world.projectId, name: 'Forgotten' })
    ).json();
    for (const node of [world.siteNode, world.hubNode]) {
      const link = (
        await owner.post('/core/analysis-nodes', { analysis_id: analysis.id, node_id: node.id })
      ).json();
      if (link.approval_status !== 'approved') {
        await world.siteOperator.post(`/core/analysis-nodes/${link.id}`, { approval_status: 'approved' });
      }
    }
    await uploadCode(world, analysis.id, [{ path: 'main.py', content: 'print(4)' }]);
    const run = (name: string) => owner.post(`/core/analyses/${analysis.id}/command`, { command: name });
    expect((await run('configurationLock')).statusCode).toBe(202);
    const events: EntityEvent[] = [];
    const unsubscribe = world.ctx.app.events.subscribe((event) => void events.push(event));
    expect((await run('buildStart')).json().build_status).toBe('starting');

    await eventually(
      async () => (await owner.get(`/core/analyses/${analysis.id}`)).json().build_status === 'failed',
    );
    unsubscribe();
    const reported = events.find(
      (event) => event.type === 'analysis' && event.data.build_status === 'failed',
    );
    expect(reported?.previous?.build_status).toBe('starting');
    const [task] = await world.ctx.database.db
      .select()
      .from(analysisTasks)
      .where(eq(analysisTasks.analysis_id, analysis.id));
    expect(task!.status).toBe('failed');
  });
});
