import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnalysisWorld,
  eventually,
  uploadCode,
  type AnalysisWorld,
} from '../analyses/analyses.test-support.ts';
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
    // One attempt per build, so the test sees the outcome without the retries' backoff.
    await world.ctx.database.db.execute(
      'alter table analysis_tasks alter column max_attempts set default 1' as never,
    );
  });
  afterAll(async () => {
    await world?.ctx.close();
    await registry?.close();
  });

  it('ends the build failed, saying which registry did not answer and for how long', async () => {
    const created = await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Stuck' });
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

    expect(
      (await world.owner.post(`/core/analyses/${id}/command`, { command: 'buildStart' })).statusCode,
    ).toBe(202);
    await eventually(
      async () => (await world.owner.get(`/core/analyses/${id}`)).json().build_status === 'failed',
      20_000,
    );
    const logs = (
      await world.admin.get(`/core/analysis-logs?filter[analysis_id]=${id}&page[limit]=100`)
    ).json().data as { level: string; message: string }[];
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: `Build failed: The registry at ${registry.host} did not answer within 0.5 s.`,
      }),
    );
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
