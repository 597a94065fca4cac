import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { userWith } from '../core.test-support.ts';
import { LOCKED_MESSAGE } from './access-rules.ts';
import {
  type AnalysisWorld,
  bucketOf,
  createAnalysisWorld,
  sendUpload,
  uploadFiles,
} from './analyses.test-support.ts';

describe('analysis bucket files and permissions', () => {
  let world: AnalysisWorld;
  let analysisId: string;

  beforeAll(async () => {
    world = await createAnalysisWorld();
    analysisId = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'File rules' })
    ).json().id;
  });
  afterAll(() => world.ctx.close());

  const roots = async () =>
    Object.fromEntries(
      (await world.owner.get(`/core/analysis-bucket-files?filter[analysis_id]=${analysisId}`))
        .json()
        .data.map((file: { name: string; root: boolean }) => [file.name, file.root]),
    );

  it('links uploaded files and keeps exactly one entrypoint per bucket', async () => {
    const code = await bucketOf(world.owner, analysisId, 'CODE');
    const stored = await uploadFiles(world.ctx.app, world.owner, code.external_id, [
      { path: 'main.py', content: 'a' },
      { path: 'src/run.py', content: 'b' },
    ]);
    const link = (index: number, root: boolean, caller = world.owner) =>
      caller.post('/core/analysis-bucket-files', {
        bucket_id: code.id,
        external_id: stored[index]!.id,
        root,
      });

    expect((await link(0, true, world.siteOperator)).statusCode).toBe(403);
    const first = await link(0, true);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'main.py',
      root: true,
      analysis_id: analysisId,
      realm_id: world.acmeId,
      user_id: world.owner.id,
    });
    const events: EntityEvent[] = [];
    const unsubscribe = world.ctx.app.events.subscribe((event) => void events.push(event));
    const second = await link(1, true);
    unsubscribe();
    expect(second.json()).toMatchObject({ name: 'src/run.py', root: true });
    expect(await roots()).toEqual({ 'main.py': false, 'src/run.py': true });
    // Realtime lists learn that the old entrypoint lost its mark.
    const demoted = events.find((event) => event.type === 'analysisBucketFile' && event.event === 'updated');
    expect(demoted?.data).toMatchObject({ id: first.json().id, root: false });

    // Files belong to the analysis' realm: another realm neither sees nor changes them.
    expect((await world.siteOperator.get('/core/analysis-bucket-files')).json().meta.total).toBe(0);
    expect(
      (await world.siteOperator.delete(`/core/analysis-bucket-files/${first.json().id}`)).statusCode,
    ).toBe(403);
    const moved = await world.owner.post(`/core/analysis-bucket-files/${first.json().id}`, { root: true });
    expect(moved.statusCode, moved.body).toBe(202);
    expect(await roots()).toEqual({ 'main.py': true, 'src/run.py': false });

    // A file of another bucket cannot be linked here.
    const result = await bucketOf(world.owner, analysisId, 'RESULT');
    const foreign = await uploadFiles(world.ctx.app, world.owner, result.external_id, [
      { path: 'out.csv', content: 'c' },
    ]);
    const misplaced = await world.owner.post('/core/analysis-bucket-files', {
      bucket_id: code.id,
      external_id: foreign[0]!.id,
    });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json().message).toBe(
      'The file was not uploaded into the storage bucket of the analysis bucket.',
    );
    const missing = await world.owner.post('/core/analysis-bucket-files', {
      bucket_id: '00000000-0000-4000-8000-000000000000',
      external_id: foreign[0]!.id,
    });
    expect(missing.json().message).toBe('The analysis bucket does not exist.');
  });

  it('freezes the code files while the configuration is locked, but not the results', async () => {
    for (const node of [world.siteNode, world.hubNode]) {
      const link = (
        await world.owner.post('/core/analysis-nodes', { analysis_id: analysisId, node_id: node.id })
      ).json();
      if (link.approval_status !== 'approved') {
        await world.siteOperator.post(`/core/analysis-nodes/${link.id}`, { approval_status: 'approved' });
      }
    }
    // A file stored before the lock but never linked to the analysis.
    const code = await bucketOf(world.owner, analysisId, 'CODE');
    const [unlinked] = await uploadFiles(world.ctx.app, world.owner, code.external_id, [
      { path: 'late.py', content: 'd' },
    ]);
    expect(
      (await world.owner.post(`/core/analyses/${analysisId}/command`, { command: 'configurationLock' }))
        .statusCode,
    ).toBe(202);
    const files = (await world.owner.get(`/core/analysis-bucket-files?filter[bucket_id]=${code.id}`)).json()
      .data;
    const update = await world.owner.post(`/core/analysis-bucket-files/${files[1].id}`, { root: true });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(LOCKED_MESSAGE);
    expect((await world.owner.delete(`/core/analysis-bucket-files/${files[0].id}`)).json().message).toBe(
      LOCKED_MESSAGE,
    );
    const late = await sendUpload(world.ctx.app, world.owner, code.external_id, [
      { path: 'later.py', content: 'e' },
    ]);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(LOCKED_MESSAGE);
    expect(
      (
        await world.owner.post('/core/analysis-bucket-files', {
          bucket_id: code.id,
          external_id: unlinked!.id,
        })
      ).json().message,
    ).toBe(LOCKED_MESSAGE);

    const result = await bucketOf(world.owner, analysisId, 'RESULT');
    const [output] = (
      await world.owner.get(`/storage/bucket-files?filter[bucket_id]=${result.external_id}`)
    ).json().data;
    const linked = await world.owner.post('/core/analysis-bucket-files', {
      bucket_id: result.id,
      external_id: output.id,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect((await world.owner.delete(`/core/analysis-bucket-files/${linked.json().id}`)).statusCode).toBe(
      202,
    );
  });

  it('assigns only permissions the caller holds', async () => {
    const permissionId = async (name: string) =>
      (await world.admin.get(`/auth/permissions?filter[name]=${name}&filter[realm_id]=null`)).json().data[0]
        .id as string;
    const held = await world.owner.post('/core/analysis-permissions', {
      analysis_id: analysisId,
      permission_id: await permissionId(P.ANALYSIS_UPDATE),
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({
      analysis_id: analysisId,
      analysis_realm_id: world.acmeId,
      policy_id: null,
    });
    expect(
      (
        await world.owner.post('/core/analysis-permissions', {
          analysis_id: analysisId,
          permission_id: await permissionId(P.ANALYSIS_UPDATE),
        })
      ).statusCode,
    ).toBe(409);

    const foreign = await world.owner.post('/core/analysis-permissions', {
      analysis_id: analysisId,
      permission_id: await permissionId(P.NODE_CREATE),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(`You don't own the permission ${P.NODE_CREATE}`);
    expect(
      (
        await world.owner.post('/core/analysis-permissions', {
          analysis_id: analysisId,
          permission_id: '00000000-0000-4000-8000-000000000000',
        })
      ).json().message,
    ).toBe('The permission does not exist.');

    const reader = await userWith(world.ctx.app, world.admin, {
      name: 'reader',
      realmId: world.acmeId,
      realmName: 'acme',
      permissions: [P.ANALYSIS_RESULT_READ],
    });
    const list = await reader.get(
      `/core/analysis-permissions?filter[analysis_id]=${analysisId}&include=permission`,
    );
    expect(list.json().data.map((row: { permission: { name: string } }) => row.permission.name)).toEqual([
      P.ANALYSIS_UPDATE,
    ]);
    expect((await reader.delete(`/core/analysis-permissions/${held.json().id}`)).statusCode).toBe(403);
    expect((await world.siteOperator.get(`/core/analysis-permissions/${held.json().id}`)).statusCode).toBe(
      404,
    );
    expect((await world.owner.delete(`/core/analysis-permissions/${held.json().id}`)).statusCode).toBe(202);
  });
});
