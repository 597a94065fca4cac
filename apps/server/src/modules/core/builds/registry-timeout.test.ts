import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnalysisWorld,
  eventually,
  uploadCode,
  type AnalysisWorld,
} from '../analyses/analyses.test-support.ts';
import { analysisTasks } from '../db/index.ts';
import { HarborClient } from '../registries/harbor/harbor-client.ts';

/** A registry that accepts connections and never answers (a hung proxy, a registry stuck on its disk). */
async function silentRegistry() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a registry that does not answer', () => {
  let registry: Awaited<ReturnType<typeof silentRegistry>>;
  let world: AnalysisWorld;

  beforeAll(async () => {
    registry = await silentRegistry();
    world = await createAnalysisWorld(
      { JOB_POLL_INTERVAL_MS: '100', JOB_LEASE_MS: '3000', REGISTRY_TIMEOUT_MS: '500' },
      { host: `http://${registry.host}`, kind: 'oci' },
    );
  });
  afterAll(async () => {
    await world?.ctx.close();
    await registry?.close();
  });

  /** A locked analysis with approved nodes and code, ready for `buildStart`. */
  const lockedAnalysis = async (name: string) => {
    const created = await world.owner.post('/core/analyses', { project_id: world.projectId, name });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    for (const node of [world.siteNode, world.hubNode]) {
      const link = await world.owner.post('/core/analysis-nodes', { analysis_id: id, node_id: node.id });
      expect(link.statusCode, link.body).toBe(201);
      if (node.realm_id === world.siteId) {
        await world.siteOperator.post(`/core/analysis-nodes/${link.json().id}`, {
          approval_status: 'approved',
        });
      }
    }
    await uploadCode(world, id, [{ path: 'main.py', content: 'print(1)\n' }]);
    expect(
      (await world.owner.post(`/core/analyses/${id}/command`, { command: 'configurationLock' })).statusCode,
    ).toBe(202);
    return id;
  };
  const buildLogs = async (id: string) =>
    (await world.admin.get(`/core/analysis-logs?filter[analysis_id]=${id}&page[limit]=100`)).json().data as {
      level: string;
      message: string;
    }[];

  it('ends the build failed, saying which registry did not answer and for how long', async () => {
    const id = await lockedAnalysis('Stuck');
    expect(
      (await world.owner.post(`/core/analyses/${id}/command`, { command: 'buildStart' })).statusCode,
    ).toBe(202);
    await eventually(
      async () => (await world.owner.get(`/core/analyses/${id}`)).json().build_status === 'failed',
      20_000,
    );
    expect(await buildLogs(id)).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: `Build failed: The registry at ${registry.host} did not answer within 0.5 s.`,
      }),
    );
  });

  it('tries a silent registry once more, not max_attempts times, before reporting the build failed', async () => {
    const id = await lockedAnalysis('Silent twice');
    const startedAt = Date.now();
    expect(
      (await world.owner.post(`/core/analyses/${id}/command`, { command: 'buildStart' })).statusCode,
    ).toBe(202);
    await eventually(
      async () => (await world.owner.get(`/core/analyses/${id}`)).json().build_status === 'failed',
      20_000,
    );
    // Two timeouts of 0.5 s and one backoff of 2 s; five attempts would wait 2 + 4 + 8 + 16 s.
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    const [task] = await world.ctx.database.db
      .select()
      .from(analysisTasks)
      .where(and(eq(analysisTasks.analysis_id, id), eq(analysisTasks.task, 'build')));
    expect(task).toMatchObject({ status: 'failed', attempts: 2, max_attempts: 5 });
    const silence = `The registry at ${registry.host} did not answer within 0.5 s.`;
    const outcomes = (await buildLogs(id)).filter((line) => line.level !== 'info');
    expect(outcomes.map((line) => line.message).sort()).toEqual([
      `Build attempt 1 failed: ${silence} Retrying in 2 s.`,
      `Build failed: ${silence}`,
    ]);
  });

  it('ends a Harbor call the same way', async () => {
    const harbor = new HarborClient({
      host: `http://${registry.host}`,
      account_name: null,
      account_secret: null,
    });
    await expect(harbor.ensureProject('stuck', false)).rejects.toThrow(
      `The registry at ${registry.host} did not answer within 0.5 s.`,
    );
  });
});
