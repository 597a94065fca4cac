import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';
import { eventually } from '../../analyses/analyses.test-support.ts';
import { registryProjects, serviceTasks } from '../../db/index.ts';
import { HARBOR_ADMIN, startHarborFake, type HarborFake } from './harbor-fake.test-support.ts';

describe('registries of kind harbor', () => {
  let harbor: HarborFake;
  let ctx: TestApp;
  let admin: Caller;
  let registryId: string;

  const projectRow = async (id: string) =>
    (await ctx.database.db.select().from(registryProjects).where(eq(registryProjects.id, id)))[0]!;
  const runCommand = async (command: string, id: string) => {
    const response = await admin.post('/core/services/registry/command', { command, id });
    expect(response.statusCode, response.body).toBe(202);
  };

  beforeAll(async () => {
    harbor = await startHarborFake();
    ctx = await createTestApp({ JOB_POLL_INTERVAL_MS: '100' });
    admin = await signIn(ctx.app);
    const registry = await admin.post('/core/registries', {
      name: 'harbor',
      kind: 'harbor',
      host: harbor.url,
      account_name: HARBOR_ADMIN.username,
      account_secret: HARBOR_ADMIN.password,
    });
    expect(registry.statusCode, registry.body).toBe(201);
    expect(registry.json()).toMatchObject({ kind: 'harbor' });
    registryId = registry.json().id;
  });
  afterAll(async () => {
    await ctx?.close();
    await harbor?.stop();
  });

  it('sets up the incoming, outgoing and public master projects in Harbor, each with a pull robot', async () => {
    await runCommand('setup', registryId);
    const rows = await eventually(async () => {
      const found = (await admin.get(`/core/registry-projects?filter[registry_id]=${registryId}`)).json()
        .data as {
        id: string;
        type: string;
        external_name: string;
        external_id: string | null;
        account_name: string | null;
      }[];
      return found.length === 3 && found.every((row) => row.external_id) && found;
    });
    const master = rows.find((row) => row.type === 'masterImages')!;
    expect(master.external_name).toBe('master');
    expect(harbor.projects.get('master')?.public).toBe(true);
    for (const row of rows) {
      const project = harbor.projects.get(row.external_name)!;
      expect(row.external_id).toBe(String(project.project_id));
      expect(row.account_name).toBe(`robot$${row.external_name}`);
      const robot = [...harbor.robots.values()].find((entry) => entry.name === row.account_name)!;
      expect(robot).toMatchObject({ level: 'system', duration: -1 });
      expect(robot.permissions).toEqual([
        {
          namespace: row.external_name,
          kind: 'project',
          access: [
            { resource: 'artifact', action: 'list' },
            { resource: 'artifact', action: 'read' },
            { resource: 'repository', action: 'list' },
            { resource: 'repository', action: 'pull' },
            { resource: 'tag', action: 'list' },
            { resource: 'project', action: 'read' },
          ],
        },
      ]);
      // The robot's secret is stored (write-only) for the node to pull with; never in a response.
      expect((await projectRow(row.id)).account_secret).toBe(robot.secret);
    }
    expect(JSON.stringify(rows)).not.toContain('Secret');
  });

  it('gives every project a PUSH_ARTIFACT webhook to the hub, whose calls the hub checks and records', async () => {
    const rows = (await admin.get(`/core/registry-projects?filter[registry_id]=${registryId}`)).json()
      .data as {
      external_name: string;
      webhook_name: string;
      webhook_exists: boolean;
    }[];
    let authHeader = '';
    for (const row of rows) {
      const policies = [...(harbor.projects.get(row.external_name)!.policies?.values() ?? [])];
      expect(policies).toHaveLength(1);
      expect(policies[0]).toMatchObject({ name: 'api', enabled: true, event_types: ['PUSH_ARTIFACT'] });
      expect(policies[0]!.targets[0]).toMatchObject({
        type: 'http',
        address: 'http://hub.test/core/services/registry/hook',
      });
      expect(row).toMatchObject({ webhook_exists: true, webhook_name: String(policies[0]!.id) });
      authHeader = policies[0]!.targets[0]!.auth_header;
    }
    const event = {
      type: 'PUSH_ARTIFACT',
      operator: 'robot$node',
      event_data: {
        repository: { name: 'analysis', repo_full_name: 'master/python/base', namespace: 'master' },
        resources: [
          { digest: 'sha256:abc', tag: 'latest', resource_url: 'harbor/master/python/base:latest' },
        ],
      },
    };
    const hook = (headers: Record<string, string>, payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/core/services/registry/hook',
        headers,
        payload: payload as object,
      });
    expect((await hook({}, event)).statusCode).toBe(401);
    expect((await hook({ authorization: 'Basic cmVnaXN0cnktd2ViaG9vazp3cm9uZw==' }, event)).statusCode).toBe(
      401,
    );
    const invalid = await hook({ authorization: authHeader }, { ...event, operator: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues[0].path).toBe('operator');
    expect((await hook({ authorization: authHeader }, event)).statusCode).toBe(202);
    const recorded = await eventually(async () => {
      const events = (await admin.get('/telemetry/events?filter[name]=registryPush')).json().data;
      return events.length > 0 && events[0];
    });
    expect(recorded.data).toMatchObject({
      repository: 'master/python/base',
      resources: [{ digest: 'sha256:abc', tag: 'latest' }],
    });
  });

  it('creates and links a node project when a node gets the registry, and links it again idempotently', async () => {
    const node = await admin.post('/core/nodes', {
      name: 'harbor-site',
      type: 'default',
      registry_id: registryId,
    });
    expect(node.statusCode, node.body).toBe(201);
    const externalName = node.json().external_name as string;
    const projectId = node.json().registry_project_id as string;
    await eventually(async () => (await projectRow(projectId)).external_id !== null);
    const first = await projectRow(projectId);
    expect(harbor.projects.get(externalName)?.public).toBe(false);

    // A link again (e.g. the secret was set by hand) gives the robot the stored secret, creating nothing.
    const robots = harbor.robots.size;
    const relinked = await admin.post('/core/services/registry/command', {
      command: 'projectLink',
      id: projectId,
      secret: 'Chosen1Secret',
    });
    expect(relinked.statusCode).toBe(202);
    await eventually(async () => harbor.robots.get(Number(first.account_id))?.secret === 'Chosen1Secret');
    expect(harbor.robots.size).toBe(robots);
    expect(harbor.calls).toContain(`PATCH /api/v2.0/robots/${first.account_id}`);
  });

  it("lets a node's robot read its project's pull credentials, and nobody else", async () => {
    const created = async (name: string) => {
      const node = (
        await admin.post('/core/nodes', { name, type: 'default', registry_id: registryId })
      ).json();
      const token = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'robot_credentials', id: node.robot_id, secret: node.robot_secret },
      });
      return { node, robot: callerWithToken(ctx.app, token.json().access_token) };
    };
    const own = await created('pulling-site');
    const other = await created('other-site');
    const projectId = own.node.registry_project_id as string;
    const linked = await eventually(async () => {
      const row = await projectRow(projectId);
      return row.account_secret ? row : undefined;
    });
    const url = `/core/registry-projects/${projectId}?fields=+account_name,+account_secret`;
    const read = await own.robot.get(url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      id: projectId,
      external_name: own.node.external_name,
      account_name: `robot$${own.node.external_name}`,
      account_secret: linked.account_secret,
    });
    expect((await other.robot.get(url)).statusCode).toBe(403);
    // Without asking for it, no response carries the secret.
    expect((await admin.get(`/core/registry-projects/${projectId}`)).body).not.toContain(
      linked.account_secret!,
    );
  });

  it('unlinks a project: repositories, project and robot leave Harbor', async () => {
    const node = (
      await admin.post('/core/nodes', { name: 'leaving-site', type: 'default', registry_id: registryId })
    ).json();
    await eventually(async () => (await projectRow(node.registry_project_id)).external_id !== null);
    const linked = await projectRow(node.registry_project_id);
    harbor.projects.get(node.external_name)!.repositories.add('analysis-one');
    harbor.projects.get(node.external_name)!.repositories.add('nested/analysis-two');

    await runCommand('projectUnlink', node.registry_project_id);
    await eventually(async () => !harbor.projects.has(node.external_name));
    // The robot goes right after the project.
    await eventually(async () => !harbor.robots.has(Number(linked.account_id)));
    const row = await eventually(async () => {
      const current = await projectRow(node.registry_project_id);
      return current.external_id === null && current;
    });
    expect(row).toMatchObject({
      account_id: null,
      account_name: null,
      account_secret: null,
      webhook_exists: false,
    });
    expect(harbor.calls).toContain(
      `DELETE /api/v2.0/projects/${node.external_name}/repositories/${encodeURIComponent(encodeURIComponent('nested/analysis-two'))}`,
    );
  });

  it('cleans up Harbor projects no registry project names, keeping master', async () => {
    harbor.projects.set('stray', {
      project_id: 999,
      name: 'stray',
      public: false,
      repositories: new Set(['old']),
    });
    await runCommand('cleanup', registryId);
    await eventually(async () => !harbor.projects.has('stray'));
    expect(harbor.projects.has('master')).toBe(true);
  });

  it('records a refusal by Harbor on the job instead of swallowing it', async () => {
    const wrong = (
      await admin.post('/core/registries', {
        name: 'wrong-credentials',
        kind: 'harbor',
        host: harbor.url,
        account_name: 'admin',
        account_secret: 'not-the-password',
      })
    ).json();
    await runCommand('setup', wrong.id);
    const project = await eventually(async () => {
      const rows = (await admin.get(`/core/registry-projects?filter[registry_id]=${wrong.id}`)).json().data;
      return rows.length === 3 && rows[0];
    });
    const task = await eventually(async () => {
      const [row] = await ctx.database.db
        .select()
        .from(serviceTasks)
        .where(eq(serviceTasks.target_id, project.id));
      return row?.last_error ? row : undefined;
    });
    expect(task.last_error).toMatch(/Harbor refused creating the project .* \(HTTP 401: unauthorized\)\./);

    // The operator sees the failed job with its error, fixes the credentials and retries it.
    const failed = await eventually(async () => {
      const listed = (await admin.get('/core/jobs?status=failed')).json().data as {
        id: string;
        last_error: string;
      }[];
      return listed.find((job) => job.id === task.id);
    }, 30_000);
    expect(failed).toMatchObject({ name: 'registry.projectLink', target_id: project.id, status: 'failed' });
    // The jobs of one target, as the registry screens follow them.
    const ofProject = (await admin.get(`/core/jobs?target_id=${project.id}`)).json().data as {
      id: string;
      target_id: string;
    }[];
    expect(ofProject.map((job) => job.id)).toContain(task.id);
    expect(ofProject.every((job) => job.target_id === project.id)).toBe(true);
    const ofRegistry = (await admin.get(`/core/jobs?target_id=${wrong.id}`)).json().data as {
      target_id: string;
    }[];
    expect(ofRegistry.length).toBeGreaterThan(0);
    expect(ofRegistry.every((job) => job.target_id === wrong.id)).toBe(true);
    expect((await admin.get('/core/jobs?target_id=not-an-id')).statusCode).toBe(400);
    expect(
      (await admin.post(`/core/registries/${wrong.id}`, { account_secret: HARBOR_ADMIN.password }))
        .statusCode,
    ).toBe(202);
    const retried = await admin.post(`/core/jobs/${task.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    await eventually(async () => (await projectRow(project.id)).external_id !== null);
    expect((await admin.post(`/core/jobs/${task.id}/retry`)).statusCode).toBe(400);
  });
});
