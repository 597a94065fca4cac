import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, createAnalysisWorld, sendUpload, type AnalysisWorld } from './analyses.test-support.ts';
import { analysisBucketName } from './analysis-buckets.ts';

/**
 * A node's robot and the storage of the analyses its node takes part in: it writes into the RESULT
 * and TEMP buckets once its node approved the analysis, and nothing else; only the aggregator reads
 * the partial results the other sites left in TEMP.
 */
describe('node robots in analysis buckets', () => {
  let world: AnalysisWorld;
  let analysisId: string;
  let siteAnalysisNodeId: string;
  let temp: { id: string; external_id: string };
  let result: { id: string; external_id: string };
  let code: { id: string; external_id: string };

  const tempName = () => analysisBucketName('TEMP', analysisId);
  const upload = (robot: AnalysisWorld['siteNode']['robot'], bucket: string, path: string, content: string) =>
    sendUpload(world.ctx.app, robot, bucket, [{ path, content }], world.acmeId);
  const filesOf = async (robot: AnalysisWorld['siteNode']['robot'], bucketId: string) => {
    const response = await robot.get(`/storage/bucket-files?filter[bucket_id]=${bucketId}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { id: string; path: string }[]).map((file) => file.path).sort();
  };

  beforeAll(async () => {
    world = await createAnalysisWorld();
    const analysis = await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Means' });
    expect(analysis.statusCode, analysis.body).toBe(201);
    analysisId = analysis.json().id;
    const site = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysisId,
      node_id: world.siteNode.id,
    });
    expect(site.statusCode, site.body).toBe(201);
    siteAnalysisNodeId = site.json().id;
    const hub = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysisId,
      node_id: world.hubNode.id,
    });
    expect(hub.statusCode, hub.body).toBe(201);
    temp = await bucketOf(world.owner, analysisId, 'TEMP');
    result = await bucketOf(world.owner, analysisId, 'RESULT');
    code = await bucketOf(world.owner, analysisId, 'CODE');
  });
  afterAll(() => world.ctx.close());

  it('refuses a node that has not approved the analysis', async () => {
    const response = await upload(world.siteNode.robot, tempName(), 'partial.json', '{"count":1}');
    expect(response.statusCode, response.body).toBe(404);
    expect((await world.siteNode.robot.get(`/storage/buckets/${temp.external_id}`)).statusCode).toBe(404);
  });

  it('lets an approved node write its partial result into TEMP and the result into RESULT', async () => {
    const approved = await world.siteNode.robot.post(`/core/analysis-nodes/${siteAnalysisNodeId}`, {
      approval_status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(202);

    const partial = await upload(world.siteNode.robot, tempName(), 'site/partial.json', '{"count":3}');
    expect(partial.statusCode, partial.body).toBe(201);
    const byId = await upload(world.siteNode.robot, result.external_id, 'site-result.json', '{"ok":true}');
    expect(byId.statusCode, byId.body).toBe(201);

    // The analysis' owner downloads what the node wrote.
    const download = await world.owner.get(`/core/analyses/${analysisId}/result/download`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.rawPayload.toString('utf8')).toContain('{"ok":true}');
  });

  it('never lets a node robot write the code, change a bucket, or use another analysis', async () => {
    const intoCode = await upload(world.siteNode.robot, code.external_id, 'evil.py', 'print(1)');
    expect(intoCode.statusCode, intoCode.body).toBe(404);
    const removed = await world.siteNode.robot.delete(`/storage/buckets/${temp.external_id}`);
    expect(removed.statusCode, removed.body).toBe(403);
    const renamed = await world.siteNode.robot.post(`/storage/buckets/${temp.external_id}`, { name: 'mine' });
    expect(renamed.statusCode, renamed.body).toBe(403);

    // A node of the same realm that is not part of the analysis.
    const stray = await upload(world.strayNode.robot, tempName(), 'stray.json', '{}');
    expect(stray.statusCode, stray.body).toBe(404);
  });

  it('shows the partial results of all sites to the aggregator only', async () => {
    const fromHub = await upload(world.hubNode.robot, temp.external_id, 'hub/note.json', '{"hub":1}');
    expect(fromHub.statusCode, fromHub.body).toBe(201);

    // The site sees its own uploads and not the others'.
    expect(await filesOf(world.siteNode.robot, temp.external_id)).toEqual(['site/partial.json']);
    const hubFileId = fromHub.json().data[0].id as string;
    expect((await world.siteNode.robot.get(`/storage/bucket-files/${hubFileId}/stream`)).statusCode).toBe(
      404,
    );
    expect((await world.siteNode.robot.get(`/storage/buckets/${temp.external_id}/stream`)).statusCode).toBe(
      404,
    );

    // The aggregator reads everything in TEMP, file by file and as one archive.
    expect(await filesOf(world.hubNode.robot, temp.external_id)).toEqual([
      'hub/note.json',
      'site/partial.json',
    ]);
    const siteFile = (
      await world.hubNode.robot.get(
        `/storage/bucket-files?filter[bucket_id]=${temp.external_id}&filter[path]=site/partial.json`,
      )
    ).json().data[0] as { id: string };
    const stream = await world.hubNode.robot.get(`/storage/bucket-files/${siteFile.id}/stream`);
    expect(stream.statusCode, stream.body).toBe(200);
    expect(stream.body).toBe('{"count":3}');
    const archive = await world.hubNode.robot.get(`/storage/buckets/${temp.external_id}/stream`);
    expect(archive.statusCode).toBe(200);
    expect(archive.rawPayload.toString('utf8')).toContain('{"count":3}');
    // RESULT is written, not read, by nodes.
    expect((await world.hubNode.robot.get(`/storage/buckets/${result.external_id}/stream`)).statusCode).toBe(
      404,
    );
  });

  it('closes the buckets again when the node withdraws its approval', async () => {
    const rejected = await world.siteNode.robot.post(`/core/analysis-nodes/${siteAnalysisNodeId}`, {
      approval_status: 'rejected',
    });
    expect(rejected.statusCode, rejected.body).toBe(202);
    const refused = await upload(world.siteNode.robot, tempName(), 'late.json', '{}');
    expect(refused.statusCode, refused.body).toBe(404);
  });
});
