import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for Harbor's management API v2.0 (https://github.com/goharbor/harbor, api/v2.0/swagger.yaml),
 * holding projects, repositories and robot accounts in memory, for the endpoints the hub calls:
 *
 *   POST   /api/v2.0/projects                                  201 (Location) | 409 exists
 *   GET    /api/v2.0/projects?page&page_size                    200 [Project]
 *   GET    /api/v2.0/projects/{name}          (X-Is-Resource-Name: true)  200 Project | 404
 *   PUT    /api/v2.0/projects/{name}          (X-Is-Resource-Name: true)  200 | 404
 *   DELETE /api/v2.0/projects/{name}          (X-Is-Resource-Name: true)  200 | 404 | 412 not empty
 *   GET    /api/v2.0/projects/{name}/repositories?page&page_size          200 [Repository]
 *   DELETE /api/v2.0/projects/{name}/repositories/{double-encoded repo}   200 | 404
 *   POST   /api/v2.0/projects/{name}/webhook/policies           201 (Location) | 409 name exists
 *   GET    /api/v2.0/projects/{name}/webhook/policies?q=name=…  200 [WebhookPolicy]
 *   PUT    /api/v2.0/projects/{name}/webhook/policies/{id}      200 | 404
 *   POST   /api/v2.0/robots                                     201 RobotCreated | 409 exists
 *   GET    /api/v2.0/robots?q=name=…&page_size                  200 [Robot]
 *   PATCH  /api/v2.0/robots/{id}   {secret?}                    200 RobotSec | 404
 *   DELETE /api/v2.0/robots/{id}                                200 | 404
 *
 * Every call needs HTTP Basic with the administrator's credentials (401 otherwise), as Harbor does.
 */

export interface FakeProject {
  project_id: number;
  name: string;
  public: boolean;
  repositories: Set<string>;
  policies?: Map<number, FakePolicy>;
}

export interface FakePolicy {
  id: number;
  name: string;
  enabled: boolean;
  event_types: string[];
  targets: { type: string; address: string; auth_header: string; skip_cert_verify: boolean }[];
}

export interface FakeRobot {
  id: number;
  name: string;
  secret: string;
  level: string;
  duration: number;
  permissions: { namespace: string; kind: string; access: { resource: string; action: string }[] }[];
}

export interface HarborFake {
  url: string;
  projects: Map<string, FakeProject>;
  robots: Map<number, FakeRobot>;
  calls: string[];
  stop(): Promise<void>;
}

export const HARBOR_ADMIN = { username: 'admin', password: 'Harbor12345' };

function errors(response: http.ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ errors: [{ code, message }] }));
}

function json(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function page<T>(items: T[], url: URL): T[] {
  const size = Number(url.searchParams.get('page_size') ?? 10);
  const number = Number(url.searchParams.get('page') ?? 1);
  return items.slice((number - 1) * size, number * size);
}

export async function startHarborFake(): Promise<HarborFake> {
  const projects = new Map<string, FakeProject>();
  const robots = new Map<number, FakeRobot>();
  const calls: string[] = [];
  let nextId = 1;
  const expected = `Basic ${Buffer.from(`${HARBOR_ADMIN.username}:${HARBOR_ADMIN.password}`).toString('base64')}`;

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const url = new URL(request.url ?? '/', 'http://harbor');
    const method = request.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (request.headers.authorization !== expected)
      return errors(response, 401, 'UNAUTHORIZED', 'unauthorized');
    const path = url.pathname.replace(/^\/api\/v2\.0/, '');
    const segments = path.split('/').filter(Boolean);
    const byName = request.headers['x-is-resource-name'] === 'true';

    if (segments[0] === 'projects') {
      if (segments.length === 1 && method === 'POST') {
        const name = String(body.project_name ?? '');
        if (!/^[a-z0-9]+(?:[._-][a-z0-9]+)*$/.test(name))
          return errors(response, 400, 'BAD_REQUEST', 'invalid project name');
        if (projects.has(name))
          return errors(response, 409, 'CONFLICT', `The project named ${name} already exists`);
        const project = {
          project_id: nextId++,
          name,
          public: body.public === true,
          repositories: new Set<string>(),
        };
        projects.set(name, project);
        response.writeHead(201, { location: `/api/v2.0/projects/${project.project_id}` });
        return response.end();
      }
      if (segments.length === 1 && method === 'GET') {
        return json(response, 200, page([...projects.values()].map(present), url));
      }
      const name = decodeURIComponent(segments[1] ?? '');
      const project = byName
        ? projects.get(name)
        : [...projects.values()].find((entry) => String(entry.project_id) === name);
      if (!project) return errors(response, 404, 'NOT_FOUND', 'project not found');
      if (segments.length === 2) {
        if (method === 'GET') return json(response, 200, present(project));
        if (method === 'PUT') {
          if (typeof body.public === 'boolean') project.public = body.public;
          return json(response, 200, {});
        }
        if (method === 'DELETE') {
          if (project.repositories.size > 0)
            return errors(response, 412, 'PRECONDITION', 'the project contains repositories');
          projects.delete(project.name);
          return json(response, 200, {});
        }
      }
      if (segments[2] === 'webhook' && segments[3] === 'policies') {
        project.policies ??= new Map();
        if (segments.length === 4 && method === 'POST') {
          if ([...project.policies.values()].some((policy) => policy.name === body.name)) {
            return errors(response, 409, 'CONFLICT', 'policy exists');
          }
          const policy = { ...(body as unknown as FakePolicy), id: nextId++ };
          project.policies.set(policy.id, policy);
          response.writeHead(201, {
            location: `/api/v2.0/projects/${project.project_id}/webhook/policies/${policy.id}`,
          });
          return response.end();
        }
        if (segments.length === 4 && method === 'GET') {
          const query = url.searchParams.get('q') ?? '';
          const wanted = query.startsWith('name=') ? query.slice('name='.length) : undefined;
          return json(
            response,
            200,
            page(
              [...project.policies.values()].filter((policy) => !wanted || policy.name === wanted),
              url,
            ),
          );
        }
        const policy = project.policies.get(Number(segments[4]));
        if (!policy) return errors(response, 404, 'NOT_FOUND', 'policy not found');
        if (method === 'PUT') {
          project.policies.set(policy.id, { ...(body as unknown as FakePolicy), id: policy.id });
          return json(response, 200, {});
        }
      }
      if (segments[2] === 'repositories') {
        if (segments.length === 3 && method === 'GET') {
          return json(
            response,
            200,
            page(
              [...project.repositories].sort().map((repo) => ({ name: `${project.name}/${repo}` })),
              url,
            ),
          );
        }
        if (segments.length === 4 && method === 'DELETE') {
          // Harbor wants the repository name URL-encoded twice; once decoded by the path, once here.
          const repo = decodeURIComponent(decodeURIComponent(segments[3]!));
          if (!project.repositories.delete(repo))
            return errors(response, 404, 'NOT_FOUND', 'repository not found');
          return json(response, 200, {});
        }
      }
    }

    if (segments[0] === 'robots') {
      if (segments.length === 1 && method === 'POST') {
        const name = `robot$${String(body.name)}`;
        if ([...robots.values()].some((robot) => robot.name === name))
          return errors(response, 409, 'CONFLICT', 'robot exists');
        const robot: FakeRobot = {
          id: nextId++,
          name,
          secret: `Generated${nextId}Secret`,
          level: String(body.level),
          duration: Number(body.duration),
          permissions: body.permissions as FakeRobot['permissions'],
        };
        robots.set(robot.id, robot);
        return json(
          response,
          201,
          { id: robot.id, name: robot.name, secret: robot.secret, creation_time: new Date().toISOString() },
          {
            location: `/api/v2.0/robots/${robot.id}`,
          },
        );
      }
      if (segments.length === 1 && method === 'GET') {
        const query = url.searchParams.get('q') ?? '';
        const wanted = query.startsWith('name=') ? query.slice('name='.length) : undefined;
        const matching = [...robots.values()].filter((robot) => !wanted || robot.name === wanted);
        return json(
          response,
          200,
          page(
            matching.map(({ secret: _secret, ...robot }) => robot),
            url,
          ),
        );
      }
      const robot = robots.get(Number(segments[1]));
      if (!robot) return errors(response, 404, 'NOT_FOUND', 'robot not found');
      if (method === 'PATCH') {
        robot.secret = typeof body.secret === 'string' ? body.secret : `Refreshed${nextId++}Secret`;
        return json(response, 200, { secret: robot.secret });
      }
      if (method === 'DELETE') {
        robots.delete(robot.id);
        return json(response, 200, {});
      }
    }
    errors(response, 404, 'NOT_FOUND', `no route ${method} ${url.pathname}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    projects,
    robots,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function present(project: FakeProject) {
  return { project_id: project.project_id, name: project.name, metadata: { public: String(project.public) } };
}
