import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

interface OpenApiAnswer {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiOperation {
  responses?: Record<string, OpenApiAnswer>;
}

/** APIs whose every operation documents the body of its success answer. */
const DOCUMENTED_PREFIXES = ['/auth/', '/core/', '/telemetry/', '/storage/'];

describe('platform endpoints', () => {
  let ctx: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'federa-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Federa HUB</title><div id="root"></div>',
    );
    await writeFile(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
    // What the web app build writes next to each text file.
    const script = 'console.log("compressed");'.repeat(100);
    await writeFile(path.join(webDir, 'assets', 'page-abcd.js'), script);
    await writeFile(path.join(webDir, 'assets', 'page-abcd.js.br'), brotliCompressSync(script));
    await writeFile(path.join(webDir, 'assets', 'page-abcd.js.gz'), gzipSync(script));
    ctx = await createTestApp({ WEB_DIST_DIR: webDir });
  });

  afterAll(async () => {
    await ctx.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('reports liveness and readiness', async () => {
    const health = await ctx.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('exposes Prometheus metrics labelled by route pattern', async () => {
    await ctx.app.inject({ url: '/healthz' });
    const response = await ctx.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toMatch(/route="\/healthz"/);
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves the OpenAPI document and its UI at /docs', async () => {
    const ui = await ctx.app.inject({ url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = await ctx.app.inject({ url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
  });

  it('declares the 2xx body of every identity, hub core, storage and telemetry operation in the OpenAPI document', async () => {
    // What a caller reads at /docs is generated from the routes' schemas, so it is what the server
    // answers. Names every operation of the finished APIs whose success answer has no body schema.
    // A browser-only step of a sign-in (sent on to an identity provider, or back from it) never
    // answers 2xx: it redirects. Such an operation passes when redirects are all it documents, each
    // with its Location header, and no 2xx.
    const response = await ctx.app.inject({ url: '/docs/json' });
    const document = response.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => DOCUMENTED_PREFIXES.some((prefix) => path.startsWith(prefix)))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          name: `${method.toUpperCase()} ${path}`,
          operation,
        })),
      );
    expect(operations.length).toBeGreaterThan(100);
    const documentsABody = (answer: OpenApiAnswer) =>
      Object.values(answer.content ?? {}).some((media) => media.schema);
    const isRedirect = (status: string, answer: OpenApiAnswer) =>
      /^3\d\d$/.test(status) && answer.headers?.location !== undefined && !answer.content;
    const undocumented = operations
      .filter(({ operation }) => {
        const answers = Object.entries(operation.responses ?? {});
        const success = answers.filter(([status]) => /^2\d\d$/.test(status));
        if (success.length === 0 && answers.length > 0) {
          return !answers.every(([status, answer]) => isRedirect(status, answer));
        }
        return !success.some(([, answer]) => documentsABody(answer));
      })
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
    // The redirect-only operations are exactly the two steps of signing in at another provider.
    const redirectOnly = operations
      .filter(({ operation }) => !Object.keys(operation.responses ?? {}).some((status) => /^2/.test(status)))
      .map(({ name }) => name);
    expect(redirectOnly.sort()).toEqual([
      'GET /auth/identity-providers/{id}/authorize-callback',
      'GET /auth/identity-providers/{id}/authorize-url',
    ]);
  });

  it('serves the web app with a history fallback for client-side routes', async () => {
    for (const url of ['/', '/projects/123/analyses', '/admin/realms?x=1']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Federa HUB</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await ctx.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the compressed copy of an asset to a client that accepts it, cached for a year', async () => {
    const script = 'console.log("compressed");'.repeat(100);
    const brotli = await ctx.app.inject({
      url: '/assets/page-abcd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10);

    const gzip = await ctx.app.inject({
      url: '/assets/page-abcd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await ctx.app.inject({
      url: '/assets/page-abcd.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers an unknown API route with a JSON 404, never the web app', async () => {
    for (const url of ['/core/nothing-here', '/auth/nope', '/storage', '/telemetry/x?y=1']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'route_not_found' });
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/projects' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('route_not_found');
  });

  it('reports not ready once the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await other.app.close();
    await other.database.destroy();
  });
});
