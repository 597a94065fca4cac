import { PlatformPermissionName as P } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '#platform/db/schema/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { dyingAfterCommit, sweepAfterCrash, undelivered } from '#platform/events/outbox.test-support.ts';
import { userWith } from '../core.test-support.ts';
import { analyses, analysisNodeEvents } from '../db/index.ts';
import {
  APPROVAL_LOCKED_MESSAGE,
  HIDDEN_NODE_MESSAGE,
  LOCKED_MESSAGE,
  NOT_NODE_AUTHORITY_MESSAGE,
  NOT_PROJECT_NODE_MESSAGE,
} from './access-rules.ts';
import { createAnalysisWorld, eventually, uploadCode, type AnalysisWorld } from './analyses.test-support.ts';

describe('analysis nodes', () => {
  let world: AnalysisWorld;
  let analysisId: string;
  const add = (nodeId: string, caller = world.owner) =>
    caller.post('/core/analysis-nodes', { analysis_id: analysisId, node_id: nodeId });

  beforeAll(async () => {
    world = await createAnalysisWorld();
    analysisId = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Node rules' })
    ).json().id;
  });
  afterAll(() => world.ctx.close());

  it('adds only visible, unhidden nodes of the project, from the analysis realm', async () => {
    expect((await add(world.siteNode.id, world.siteOperator)).statusCode).toBe(403);
    const stray = await add(world.strayNode.id);
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe(NOT_PROJECT_NODE_MESSAGE);
    const unknown = await add('00000000-0000-4000-8000-000000000000');
    expect(unknown.json().message).toBe('The node does not exist.');
    const noAnalysis = await world.owner.post('/core/analysis-nodes', {
      analysis_id: '00000000-0000-4000-8000-000000000000',
      node_id: world.siteNode.id,
    });
    expect(noAnalysis.json().message).toBe('The analysis does not exist.');

    // A node hidden by the hub operator can no longer be chosen.
    expect((await world.admin.post(`/core/nodes/${world.hubNode.id}`, { hidden: true })).statusCode).toBe(
      202,
    );
    const hidden = await add(world.hubNode.id);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe(HIDDEN_NODE_MESSAGE);
    await world.admin.post(`/core/nodes/${world.hubNode.id}`, { hidden: false });

    const site = await add(world.siteNode.id);
    expect(site.statusCode, site.body).toBe(201);
    expect(site.json()).toMatchObject({
      analysis_realm_id: world.acmeId,
      node_realm_id: world.siteId,
      approval_status: null,
      run_status: null,
    });
    expect((await add(world.siteNode.id)).statusCode).toBe(409);
    expect((await add(world.hubNode.id)).json().approval_status).toBe('approved');
    expect((await world.owner.get(`/core/analyses/${analysisId}`)).json().nodes).toBe(2);

    // Both realms see the request; a third does not.
    const siteView = await world.siteOperator.get('/core/analysis-nodes?include=analysis,node');
    expect(siteView.json().data.map((row: { node: { name: string } }) => row.node.name)).toEqual([
      'site-node',
    ]);
    expect(siteView.json().data[0].analysis.name).toBe('Node rules');
    expect(
      (await world.owner.get(`/core/analysis-nodes?filter[analysis_id]=${analysisId}`)).json().meta.total,
    ).toBe(2);
    expect((await world.hubNode.robot.get('/core/analysis-nodes')).json().meta.total).toBe(1);
  });

  it('lets only the node realm approve, with a comment, and not while locked', async () => {
    const [row] = (
      await world.owner.get(
        `/core/analysis-nodes?filter[analysis_id]=${analysisId}&filter[node_id]=${world.siteNode.id}`,
      )
    ).json().data;
    const url = `/core/analysis-nodes/${row.id}`;
    const wrongRealm = await world.acmeApprover.post(url, { approval_status: 'approved' });
    expect(wrongRealm.statusCode).toBe(403);
    expect(wrongRealm.json().message).toBe(NOT_NODE_AUTHORITY_MESSAGE);
    expect((await world.owner.post(url, { approval_status: 'approved' })).json().message).toBe(
      NOT_NODE_AUTHORITY_MESSAGE,
    );
    // Any comment goes, as in the original, up to 4096 characters.
    const invalid = await world.siteOperator.post(url, {
      approval_status: 'maybe',
      comment: 'x'.repeat(4097),
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['approval_status', 'comment']);
    expect((await world.siteOperator.post(url, {})).statusCode).toBe(400);

    const rejected = await world.siteOperator.post(url, {
      approval_status: 'rejected',
      comment: 'Not with our data.',
    });
    expect(rejected.statusCode, rejected.body).toBe(202);
    expect(rejected.json()).toMatchObject({ approval_status: 'rejected', comment: 'Not with our data.' });
    const approved = await world.siteNode.robot.post(url, { approval_status: 'approved' });
    expect(approved.json()).toMatchObject({ approval_status: 'approved', comment: null });

    await uploadCode(world, analysisId, [{ path: 'main.py', content: 'print(3)' }]);
    expect(
      (await world.owner.post(`/core/analyses/${analysisId}/command`, { command: 'configurationLock' }))
        .statusCode,
    ).toBe(202);
    const locked = await world.siteOperator.post(url, { approval_status: 'rejected' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(APPROVAL_LOCKED_MESSAGE);
    const removal = await world.owner.delete(url);
    expect(removal.statusCode).toBe(400);
    expect(removal.json().message).toBe(LOCKED_MESSAGE);
    const [hub] = (
      await world.owner.get(
        `/core/analysis-nodes?filter[analysis_id]=${analysisId}&filter[node_id]=${world.hubNode.id}`,
      )
    ).json().data;
    expect(
      (await world.owner.post(`/core/analyses/${analysisId}/command`, { command: 'configurationUnlock' }))
        .statusCode,
    ).toBe(202);
    expect((await world.owner.get(url)).json().approval_status).toBeNull();
    expect((await world.owner.delete(`/core/analysis-nodes/${hub.id}`)).statusCode).toBe(202);
    expect((await world.owner.get(`/core/analyses/${analysisId}`)).json().nodes).toBe(1);
  });

  it('takes run statuses from the node side only and records them as run events for both realms', async () => {
    const [row] = (
      await world.owner.get(
        `/core/analysis-nodes?filter[analysis_id]=${analysisId}&filter[node_id]=${world.siteNode.id}`,
      )
    ).json().data;
    const url = `/core/analysis-nodes/${row.id}`;
    expect((await world.owner.post(url, { run_status: 'running' })).json().message).toBe(
      NOT_NODE_AUTHORITY_MESSAGE,
    );
    // The operator approves but holds no analysis_update.
    expect((await world.siteOperator.post(url, { run_status: 'running' })).statusCode).toBe(403);
    expect((await world.siteNode.robot.post(url, { run_status: 'flying' })).statusCode).toBe(400);

    const running = await world.siteNode.robot.post(url, { run_status: 'running' });
    expect(running.statusCode, running.body).toBe(202);
    expect(running.json().run_status).toBe('running');
    // The analysis runs as far as its nodes do (here its only node).
    await eventually(
      async () => (await world.owner.get(`/core/analyses/${analysisId}`)).json().run_status === 'running',
    );

    const links = await eventually(async () => {
      const response = await world.owner.get(`/core/analysis-node-events?filter[analysis_id]=${analysisId}`);
      return response.json().meta.total === 1 ? response.json().data : undefined;
    });
    const event = (await world.admin.get(`/telemetry/events/${links[0].event_id}`)).json();
    expect(event).toMatchObject({
      name: 'running',
      scope: 'run',
      ref_type: 'analysisNode',
      ref_id: row.id,
      expiring: true,
    });
    const siteView = await world.siteOperator.get(`/core/analysis-node-events/${links[0].id}?include=node`);
    expect(siteView.statusCode).toBe(200);
    expect(siteView.json().node.name).toBe('site-node');
    const outsider = await userWith(world.ctx.app, world.admin, {
      name: 'hub-operator',
      realmId: world.hubId,
      realmName: 'hub',
      permissions: [P.ANALYSIS_APPROVE],
    });
    expect((await outsider.get(`/core/analysis-node-events/${links[0].id}`)).statusCode).toBe(404);
    expect((await world.siteNode.robot.post(url, { run_status: 'running' })).statusCode).toBe(202);
    expect((await world.siteNode.robot.post(url, { run_status: 'failed' })).statusCode).toBe(202);
    await eventually(
      async () => (await world.owner.get(`/core/analyses/${analysisId}`)).json().run_status === 'failed',
    );
    // An unchanged status is no new event; a change is.
    expect(
      (await world.owner.get(`/core/analysis-node-events?filter[analysis_id]=${analysisId}`)).json().meta
        .total,
    ).toBe(2);
  });

  it('follows a run status its process died before announcing, and records it once when delivered twice', async () => {
    const [row] = (
      await world.owner.get(
        `/core/analysis-nodes?filter[analysis_id]=${analysisId}&filter[node_id]=${world.siteNode.id}`,
      )
    ).json().data;
    const url = `/core/analysis-nodes/${row.id}`;
    const db = world.ctx.database.db;
    const { outbox, events } = world.ctx.app;
    const runStatus = async () =>
      (await db.select().from(analyses).where(eq(analyses.id, analysisId)))[0]!.run_status;
    const runEvents = () =>
      db.select().from(analysisNodeEvents).where(eq(analysisNodeEvents.analysis_id, analysisId));
    await outbox.flush();
    const recordedBefore = (await runEvents()).length;
    expect(await runStatus()).toBe('failed');

    await dyingAfterCommit(outbox, async () => {
      expect((await world.siteNode.robot.post(url, { run_status: 'running' })).statusCode).toBe(202);
      // Nobody heard of the change: no run event, the analysis still shows the old status.
      expect(await runStatus()).toBe('failed');
      expect(await runEvents()).toHaveLength(recordedBefore);
      const [entry] = (await db.select().from(eventOutbox)).filter(
        (stored) =>
          (stored.event as EntityEvent).type === 'analysisNode' &&
          (stored.event as EntityEvent).data.id === row.id,
      );
      expect(entry).toBeDefined();

      // A living process sweeps it; the followers store their own changes with their announcements
      // (and this process dies again before announcing those).
      expect(await sweepAfterCrash(db, outbox)).toBeGreaterThanOrEqual(1);
      expect(await runStatus()).toBe('running');
      expect(await runEvents()).toHaveLength(recordedBefore + 1);
      expect(
        (await undelivered(db, 'analysis', 'updated')).filter(
          (event) => event.data.id === analysisId && event.data.run_status === 'running',
        ),
      ).toHaveLength(1);
      expect(
        (await undelivered(db, 'analysisNodeEvent', 'created')).filter(
          (event) => event.data.analysis_id === analysisId,
        ),
      ).toHaveLength(1);

      // The same change delivered once more (a sweeper died before forgetting it): recorded once.
      await events.deliver({ ...(entry!.event as EntityEvent), outboxId: entry!.id });
      expect(await runEvents()).toHaveLength(recordedBefore + 1);
    });

    const heard: EntityEvent[] = [];
    const unsubscribe = events.subscribe((event) => void heard.push(event));
    try {
      await sweepAfterCrash(db, outbox);
    } finally {
      unsubscribe();
    }
    expect(heard.filter((event) => event.type === 'analysis' && event.data.id === analysisId)).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ run_status: 'running' }) }),
    );
    expect(
      heard.filter((event) => event.type === 'analysisNodeEvent' && event.data.analysis_id === analysisId),
    ).toHaveLength(1);
  });
});
