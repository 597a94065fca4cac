import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorBody } from '#platform/http/error-handler.ts';
import { analysisBucketFiles } from '../db/index.ts';
import { ENTRYPOINT_EXISTS_MESSAGE } from './analysis-bucket-file.resource.ts';
import { bucketOf, createAnalysisWorld, uploadFiles, type AnalysisWorld } from './analyses.test-support.ts';

describe('one entrypoint per analysis bucket', () => {
  let world: AnalysisWorld;
  let analysisId: string;
  let code: { id: string; external_id: string };

  beforeAll(async () => {
    world = await createAnalysisWorld();
    const analysis = await world.owner.post('/core/analyses', {
      project_id: world.projectId,
      name: 'Entrypoints',
    });
    expect(analysis.statusCode, analysis.body).toBe(201);
    analysisId = analysis.json().id;
    code = await bucketOf(world.owner, analysisId, 'CODE');
  });
  afterAll(() => world.ctx.close());

  const entrypoints = async () =>
    (
      await world.owner.get(`/core/analysis-bucket-files?filter[bucket_id]=${code.id}&filter[root]=true`)
    ).json().data as { id: string; name: string }[];
  const link = async (storedId: string, root: boolean) => {
    const response = await world.owner.post('/core/analysis-bucket-files', {
      bucket_id: code.id,
      external_id: storedId,
      root,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; root: boolean };
  };

  it('ends concurrent marks of two files with exactly one entrypoint', async () => {
    const stored = await uploadFiles(world.ctx.app, world.owner, code.external_id, [
      { path: 'a.py', content: 'a' },
      { path: 'b.py', content: 'b' },
      { path: 'c.py', content: 'c' },
    ]);
    const [a, b, c] = [
      await link(stored[0]!.id, false),
      await link(stored[1]!.id, false),
      await link(stored[2]!.id, true),
    ];
    const mark = (id: string) => world.owner.post(`/core/analysis-bucket-files/${id}`, { root: true });

    for (let round = 0; round < 5; round += 1) {
      const responses = await Promise.all([mark(a.id), mark(b.id)]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(202);
      const marked = await entrypoints();
      expect(marked).toHaveLength(1);
      expect([a.id, b.id]).toContain(marked[0]!.id);
      // Each round starts from a third file, so both requests have a mark to take away.
      expect((await mark(c.id)).statusCode).toBe(202);
    }

    // New links marked as entrypoints at the same time: one of them is the entrypoint.
    const late = await uploadFiles(world.ctx.app, world.owner, code.external_id, [
      { path: 'd.py', content: 'd' },
      { path: 'e.py', content: 'e' },
    ]);
    const created = await Promise.all(late.map((file) => link(file.id, true)));
    const marked = await entrypoints();
    expect(marked).toHaveLength(1);
    expect(created.map((row) => row.id)).toContain(marked[0]!.id);
  });

  it('refuses a second entrypoint in the database, as a conflict with its own code', async () => {
    const [current] = await entrypoints();
    const [other] = (
      await world.owner.get(`/core/analysis-bucket-files?filter[bucket_id]=${code.id}&filter[root]=false`)
    ).json().data as { id: string; external_id: string; name: string }[];
    expect(current && other).toBeTruthy();

    // A writer that skips the bucket lock (none of the API's does) still cannot add a second one.
    const error = await world.ctx.database.db
      .insert(analysisBucketFiles)
      .values({
        name: `${other!.name}-copy`,
        root: true,
        external_id: other!.external_id,
        bucket_id: code.id,
        analysis_id: analysisId,
        realm_id: world.acmeId,
      })
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(error).toBeDefined();
    expect(toErrorBody(error)).toEqual({
      statusCode: 409,
      code: 'analysis_bucket_entrypoint_exists',
      message: ENTRYPOINT_EXISTS_MESSAGE,
    });
    expect(await entrypoints()).toEqual([current]);
  });
});
