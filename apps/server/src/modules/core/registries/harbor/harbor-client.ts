import { fetchWithTimeout } from '@federa/oci';
import { currentRegistryTimeout, registryUrl } from '../../builds/registry-client.ts';

/*
 * The few calls of Harbor's management API v2.0 (Harbor ≥ 2.3) the hub makes: projects, robot
 * accounts and repositories. Basic authentication with the registry's account. "By name" calls
 * send `X-Is-Resource-Name: true`, so a project is addressed by its name, as the original did.
 */

export class HarborError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'HarborError';
  }
}

export interface HarborRobot {
  id: number;
  name: string;
  secret?: string;
}

const PAGE_SIZE = 50;

export class HarborClient {
  readonly #base: string;
  readonly #authorization: string | undefined;
  /** Harbor that stays silent ends the call with "The registry at … did not answer within … s." */
  readonly #fetch = fetchWithTimeout(fetch, currentRegistryTimeout());

  constructor(registry: { host: string; account_name: string | null; account_secret: string | null }) {
    this.#base = `${registryUrl(registry.host)}/api/v2.0`;
    this.#authorization =
      registry.account_name && registry.account_secret
        ? `Basic ${Buffer.from(`${registry.account_name}:${registry.account_secret}`).toString('base64')}`
        : undefined;
  }

  async #call(
    method: string,
    path: string,
    options: { body?: unknown; byName?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.#authorization) headers.authorization = this.#authorization;
    if (options.byName) headers['x-is-resource-name'] = 'true';
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return this.#fetch(`${this.#base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  }

  async #expect(response: Response, what: string, allowed: number[] = []): Promise<Response> {
    if (response.ok || allowed.includes(response.status)) return response;
    let detail = '';
    try {
      const body = (await response.json()) as { errors?: { message?: string }[] };
      detail = (body.errors ?? [])
        .map((error) => error.message)
        .filter(Boolean)
        .join('; ');
    } catch {
      // No Harbor error body.
    }
    throw new HarborError(
      `Harbor refused ${what} (HTTP ${response.status}${detail ? `: ${detail}` : ''}).`,
      response.status,
    );
  }

  /** Creates the project, or updates it when it exists (409); answers its id. */
  async ensureProject(name: string, isPublic: boolean): Promise<number> {
    const body = { project_name: name, public: isPublic, metadata: { public: String(isPublic) } };
    const created = await this.#expect(
      await this.#call('POST', '/projects', { body }),
      `creating the project ${name}`,
      [409],
    );
    if (created.status === 409) {
      await this.#expect(
        await this.#call('PUT', `/projects/${encodeURIComponent(name)}`, { body, byName: true }),
        `updating the project ${name}`,
      );
    }
    const project = await this.#expect(
      await this.#call('GET', `/projects/${encodeURIComponent(name)}`, { byName: true }),
      `reading the project ${name}`,
    );
    return ((await project.json()) as { project_id: number }).project_id;
  }

  /** Deletes the project's repositories, then the project; a missing project is no error. */
  async deleteProject(name: string): Promise<void> {
    for (const repository of await this.#listAll<{ name: string }>(
      `/projects/${encodeURIComponent(name)}/repositories`,
      true,
    )) {
      // Repository names come as `project/repo`; the path wants `repo`, encoded twice (slashes).
      const repo = repository.name.startsWith(`${name}/`)
        ? repository.name.slice(name.length + 1)
        : repository.name;
      await this.#expect(
        await this.#call(
          'DELETE',
          `/projects/${encodeURIComponent(name)}/repositories/${encodeURIComponent(encodeURIComponent(repo))}`,
          {
            byName: true,
          },
        ),
        `deleting the repository ${repository.name}`,
        [404],
      );
    }
    await this.#expect(
      await this.#call('DELETE', `/projects/${encodeURIComponent(name)}`, { byName: true }),
      `deleting the project ${name}`,
      [404],
    );
  }

  async listProjects(): Promise<{ name: string; project_id: number }[]> {
    return this.#listAll('/projects', false);
  }

  /** A system robot that may pull from the project (the original's permission set). */
  async createRobot(project: string): Promise<HarborRobot> {
    const response = await this.#call('POST', '/robots', {
      body: {
        name: project,
        description: '',
        duration: -1,
        level: 'system',
        editable: true,
        disable: false,
        permissions: [
          {
            namespace: project,
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
        ],
      },
    });
    if (response.status === 409) throw new HarborError(`A robot account for ${project} exists already.`, 409);
    await this.#expect(response, `creating the robot account of ${project}`);
    return (await response.json()) as HarborRobot;
  }

  /** Finds the robot account Harbor named after the project (`robot$<project>`). */
  async findRobot(project: string): Promise<HarborRobot | undefined> {
    const query = new URLSearchParams({ q: `name=robot$${project}`, page_size: '1' });
    const response = await this.#expect(
      await this.#call('GET', `/robots?${query}`),
      `looking up the robot of ${project}`,
    );
    const robots = (await response.json()) as HarborRobot[];
    return robots[0];
  }

  /** Sets the robot's secret (or, without one, lets Harbor generate a new one); undefined when the robot is gone. */
  async refreshRobotSecret(id: number, secret?: string): Promise<string | undefined> {
    const response = await this.#call('PATCH', `/robots/${id}`, { body: secret ? { secret } : {} });
    if (response.status === 404) return undefined;
    await this.#expect(response, `refreshing the robot secret ${id}`);
    const body = (await response.json().catch(() => ({}))) as { secret?: string };
    return body.secret ?? secret;
  }

  async deleteRobot(id: number): Promise<void> {
    await this.#expect(await this.#call('DELETE', `/robots/${id}`), `deleting the robot ${id}`, [404]);
  }

  /**
   * The project's webhook policy `api` sending PUSH_ARTIFACT events to `address` with the given
   * Authorization header: created, or updated when it exists (409). Answers the policy id.
   */
  async ensureWebhook(project: string, address: string, authHeader: string): Promise<number> {
    const body = {
      name: 'api',
      enabled: true,
      event_types: ['PUSH_ARTIFACT'],
      targets: [{ type: 'http', address, auth_header: authHeader, skip_cert_verify: true }],
    };
    const base = `/projects/${encodeURIComponent(project)}/webhook/policies`;
    const created = await this.#expect(
      await this.#call('POST', base, { body, byName: true }),
      `creating the webhook of ${project}`,
      [409],
    );
    if (created.status !== 409) {
      const location = created.headers.get('location') ?? '';
      const id = Number(location.split('/').pop());
      if (Number.isInteger(id) && id > 0) return id;
    }
    const query = new URLSearchParams({ q: 'name=api', page_size: '1' });
    const listed = await this.#expect(
      await this.#call('GET', `${base}?${query}`, { byName: true }),
      `reading the webhook of ${project}`,
    );
    const [policy] = (await listed.json()) as { id: number }[];
    if (!policy) throw new HarborError(`Harbor reports a webhook for ${project} but lists none.`, 409);
    if (created.status === 409) {
      await this.#expect(
        await this.#call('PUT', `${base}/${policy.id}`, { body: { ...body, id: policy.id }, byName: true }),
        `updating the webhook of ${project}`,
      );
    }
    return policy.id;
  }

  async #listAll<T>(path: string, byName: boolean): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; ; page += 1) {
      const separator = path.includes('?') ? '&' : '?';
      const response = await this.#expect(
        await this.#call('GET', `${path}${separator}page=${page}&page_size=${PAGE_SIZE}`, { byName }),
        `listing ${path}`,
        [404],
      );
      if (response.status === 404) return all;
      const items = (await response.json()) as T[];
      all.push(...items);
      if (items.length < PAGE_SIZE) return all;
    }
  }
}
