import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { storageBucketFiles } from '#modules/storage/db/index.ts';
import { LOCKED_MESSAGE } from './access-rules.ts';
import {
  createAnalysisWorld,
  eventually,
  sendUpload,
  uploadCode,
  type AnalysisWorld,
} from './analyses.test-support.ts';

const ENTRYPOINT_MISSING =
  'At least one code file must be uploaded and at least one entrypoint file is required.';

describe('analysis bucket files of deleted stored files', () => {
  let world: AnalysisWorld;
  let events: EntityEvent[];
  let unsubscribe: () => void;

  beforeAll(async () => {
    world = await createAnalysisWorld();
    events = [];
    unsubscribe = world.ctx.app.events.subscribe((event) => void events.push(event));
  });
  afterAll(async () => {
    unsubscribe();
    await world.ctx.close();
  });

  /** An analysis that could be locked: an approved site node, the aggregator, code with an entrypoint. */
  const configured = async (name: string) => {
    const analysis = await world.owner.post('/core/analyses', { project_id: world.projectId, name });
    expect(analysis.statusCode, analysis.body).toBe(201);
    const id = analysis.json().id as string;
    for (const node of [world.siteNode, world.hubNode]) {
      const link = await world.owner.post('/core/analysis-nodes', { analysis_id: id, node_id: node.id });
      expect(link.statusCode, link.body).toBe(201);
      if (node === world.siteNode) {
        const approved = await world.siteOperator.post(`/core/analysis-nodes/${link.json().id}`, {
          approval_status: 'approved',
        });
        expect(approved.statusCode, approved.body).toBe(202);
      }
    }
    const { code, linked } = await uploadCode(world, id, [
      { path: 'main.py', content: 'print("main")' },
      { path: 'lib.py', content: 'VALUE = 1' },
    ]);
    return { id, code, entrypoint: linked[0]!, library: linked[1]! };
  };
  const linkedFiles = async (analysisId: string) =>
    (await world.owner.get(`/core/analysis-bucket-files?filter[analysis_id]=${analysisId}`)).json().data as {
      id: string;
      name: string;
      external_id: string;
    }[];
  const lock = (analysisId: string) =>
    world.owner.post(`/core/analyses/${analysisId}/command`, { command: 'configurationLock' });
  const deletedFileEvents = (ids: string[]) =>
    events.filter(
      (event) =>
        event.type === 'analysisBucketFile' &&
        event.event === 'deleted' &&
        ids.includes(event.data.id as string),
    );

  it('drops the link of a stored file deleted through storage, announced, so the lock is refused', async () => {
    const analysis = await configured('Deleted entrypoint');
    const [stored] = await linkedFiles(analysis.id).then((files) =>
      files.filter((file) => file.id === analysis.entrypoint.id),
    );

    const deleted = await world.owner.delete(`/storage/bucket-files/${stored!.external_id}`);
    expect(deleted.statusCode, deleted.body).toBe(202);
    await eventually(async () => (await linkedFiles(analysis.id)).length === 1);
    expect((await linkedFiles(analysis.id)).map((file) => file.name)).toEqual(['lib.py']);
    const [announced] = deletedFileEvents([analysis.entrypoint.id]);
    expect(announced).toMatchObject({
      data: { id: analysis.entrypoint.id, analysis_id: analysis.id },
      realmIds: [world.acmeId],
      actor: { type: 'user', id: world.owner.id },
    });

    const refused = await lock(analysis.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(ENTRYPOINT_MISSING);
  });

  it('refuses the lock while the link of a vanished entrypoint file is still there', async () => {
    const analysis = await configured('Vanished entrypoint');
    const [link] = (await linkedFiles(analysis.id)).filter((file) => file.id === analysis.entrypoint.id);
    // The stored file goes without a domain event (as when the cleanup after the commit never ran).
    await world.ctx.database.db
      .delete(storageBucketFiles)
      .where(eq(storageBucketFiles.id, link!.external_id));
    expect((await linkedFiles(analysis.id)).map((file) => file.id)).toContain(analysis.entrypoint.id);

    const refused = await lock(analysis.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(ENTRYPOINT_MISSING);
  });

  it('drops the links of the files of a deleted storage bucket, announced', async () => {
    const analysis = await configured('Deleted code bucket');
    const deleted = await world.owner.delete(`/storage/buckets/${analysis.code.external_id}`);
    expect(deleted.statusCode, deleted.body).toBe(202);
    await eventually(async () => (await linkedFiles(analysis.id)).length === 0);
    const ids = [analysis.entrypoint.id, analysis.library.id];
    expect(
      deletedFileEvents(ids)
        .map((event) => event.data.id)
        .sort(),
    ).toEqual([...ids].sort());

    const refused = await lock(analysis.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(ENTRYPOINT_MISSING);
  });

  it('keeps the stored code of a locked configuration as it is, until it is unlocked', async () => {
    const analysis = await configured('Frozen code');
    expect((await lock(analysis.id)).statusCode).toBe(202);
    const [stored] = await linkedFiles(analysis.id);
    const bucketId = analysis.code.external_id as string;
    const extra = [{ path: 'extra.py', content: 'print("late")' }];

    const refusals = [
      await sendUpload(world.ctx.app, world.owner, bucketId, extra),
      await world.owner.delete(`/storage/bucket-files/${stored!.external_id}`),
      await world.owner.delete(`/storage/buckets/${bucketId}`),
      // Nobody may, not even the administrator who holds every permission.
      await world.admin.delete(`/storage/bucket-files/${stored!.external_id}`),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(LOCKED_MESSAGE);
    }
    expect((await world.owner.get(`/storage/bucket-files/${stored!.external_id}`)).statusCode).toBe(200);
    expect((await linkedFiles(analysis.id)).length).toBe(2);

    const unlocked = await world.owner.post(`/core/analyses/${analysis.id}/command`, {
      command: 'configurationUnlock',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(202);
    expect((await sendUpload(world.ctx.app, world.owner, bucketId, extra)).statusCode).toBe(201);
  });

  it('announces the files removed with the buckets by tearDown', async () => {
    const analysis = await configured('Torn down');
    const torn = await world.owner.post(`/core/analyses/${analysis.id}/command`, { command: 'tearDown' });
    expect(torn.statusCode, torn.body).toBe(202);
    expect(await linkedFiles(analysis.id)).toEqual([]);
    const ids = [analysis.entrypoint.id, analysis.library.id];
    const announced = deletedFileEvents(ids);
    expect(announced.map((event) => event.data.id).sort()).toEqual([...ids].sort());
    expect(announced[0]).toMatchObject({
      realmIds: [world.acmeId],
      actor: { type: 'user', id: world.owner.id },
      request: { method: 'POST', path: `/core/analyses/${analysis.id}/command` },
    });
  });
});
