import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnalysisWorld,
  uploadCode,
  type AnalysisWorld,
} from './modules/core/analyses/analyses.test-support.ts';

/** How every module writes time: ISO 8601 in UTC, as the original's clients parse it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** Anything that starts like a date, in whatever form (PostgreSQL's text form included). */
const LOOKS_LIKE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

interface Offence {
  url: string;
  path: string;
  value: string;
}

/** Every time value of a JSON document that is not ISO 8601: `*_at` fields and date-like strings. */
function offencesIn(url: string, value: unknown, path = '', found: Offence[] = []): Offence[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => offencesIn(url, item, `${path}[${index}]`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (typeof item === 'string' && (key.endsWith('_at') || LOOKS_LIKE_TIME.test(item))) {
        if (!ISO_TIME.test(item)) found.push({ url, path: itemPath, value: item });
      } else {
        offencesIn(url, item, itemPath, found);
      }
    }
  }
  return found;
}

describe('time values in responses', () => {
  let world: AnalysisWorld;
  const offences: Offence[] = [];
  let checked = 0;
  let restore: () => void;

  /** Checks every JSON response the app sends from here on, whichever request sent it. */
  function watchResponses(app: FastifyInstance) {
    const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
    (app as { inject: unknown }).inject = async (options: InjectOptions) => {
      const response = await inject(options);
      if (String(response.headers['content-type'] ?? '').includes('application/json') && response.body) {
        checked += 1;
        offencesIn(`${options.method ?? 'GET'} ${options.url}`, response.json(), '', offences);
      }
      return response;
    };
    restore = () => ((app as { inject: unknown }).inject = inject);
  }

  beforeAll(async () => {
    world = await createAnalysisWorld();
    watchResponses(world.ctx.app);
  });
  afterAll(async () => {
    restore();
    await world.ctx.close();
  });

  it('are ISO 8601 in every module: identity, hub, storage and telemetry', async () => {
    // Records of every kind: an analysis with nodes, stored code files, a node log line, a run event.
    const analysis = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Timed analysis' })
    ).json();
    const link = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysis.id,
      node_id: world.siteNode.id,
    });
    expect(link.statusCode, link.body).toBe(201);
    await world.owner.post('/core/analysis-nodes', { analysis_id: analysis.id, node_id: world.hubNode.id });
    const { code } = await uploadCode(world, analysis.id, [{ path: 'main.py', content: 'print(1)' }]);
    expect(
      (
        await world.siteNode.robot.post('/core/analysis-node-logs', {
          analysis_id: analysis.id,
          node_id: world.siteNode.id,
          level: 'info',
          message: 'Started.',
        })
      ).statusCode,
    ).toBe(202);
    await world.siteNode.robot.post(`/core/analysis-nodes/${link.json().id}`, { run_status: 'running' });

    // Every list of every module (from the OpenAPI document), and the first record of each.
    const document = (await world.ctx.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.entries(document.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path);
    const lists = paths.filter(
      (path) => !path.includes('{') && /^\/(auth|core|storage|telemetry)\//.test(path),
    );
    expect(lists).toEqual(
      expect.arrayContaining([
        '/auth/users',
        '/core/analyses',
        '/storage/buckets',
        '/storage/bucket-files',
        '/telemetry/events',
      ]),
    );
    const lookups: Record<string, string> = {
      '/core/analysis-logs': `?filter[analysis_id]=${analysis.id}`,
      '/core/analysis-node-logs': `?filter[analysis_id]=${analysis.id}&filter[node_id]=${world.siteNode.id}`,
    };
    for (const list of lists) {
      const response = await world.admin.get(`${list}${lookups[list] ?? ''}`);
      const rows = (response.json() as { data?: unknown }).data;
      const first = Array.isArray(rows) ? (rows[0] as { id?: unknown } | undefined) : undefined;
      if (typeof first?.id === 'string' && paths.includes(`${list}/{id}`)) {
        const read = await world.admin.get(`${list}/${first.id}`);
        expect(read.statusCode, `${list}/${first.id}: ${read.body}`).toBe(200);
      }
    }
    // The storage records of the upload, read on their own.
    const files = await world.owner.get(`/storage/bucket-files?filter[bucket_id]=${code.external_id}`);
    expect(files.json().data.length).toBe(1);
    expect((await world.owner.get(`/storage/buckets/${code.external_id}`)).statusCode).toBe(200);

    expect(checked).toBeGreaterThan(40);
    expect(offences).toEqual([]);
  });
});
