import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, startServer, type RunningServer } from './support/server.ts';

describe('the server as a whole', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.destroy());

  it('serves the web app, health and readiness on one port', async () => {
    const page = await fetch(`${server.url}/admin/realms`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Federa HUB</title>');
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON error', async () => {
    const response = await fetch(`${server.url}/core/unknown`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'route_not_found' });
  });

  it('stops cleanly on SIGTERM and starts again on the same data', async () => {
    const databaseUrl = (server as RunningServer & { databaseUrl?: string }).databaseUrl;
    expect(await server.stop()).toBe(0);
    server = await startServer({
      reuse: { dataDir: server.dataDir, ...(databaseUrl ? { databaseUrl } : {}) },
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe('start-up with a wrong configuration', () => {
  it('stops with one clear line naming the variable', async () => {
    const child = spawnServer({ PORT: 'eighty' });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a number');
  });
});
