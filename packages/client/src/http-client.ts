import type { ListQuery, ListResponse } from '@federa/schemas';
import { errorFromResponse, errorFromTransport } from './errors.ts';
import { buildQueryString } from './query-string.ts';

/** The four APIs of the product; each can live behind its own base URL. */
export type Service = 'auth' | 'core' | 'storage' | 'telemetry';

export interface ClientOptions {
  /** Base URL of each service, e.g. `{ auth: 'https://hub.example.org/auth', ... }`. */
  baseUrls: Record<Service, string>;
  /** Returns the value of the Authorization header (e.g. `Bearer ...`), or nothing for anonymous calls. */
  authorization?: () => string | undefined | Promise<string | undefined>;
  fetch?: typeof fetch;
}

/** Base URLs for a product served from one origin: `${origin}/auth`, `${origin}/core`, ... */
export function baseUrlsFor(origin: string): Record<Service, string> {
  const root = origin.replace(/\/+$/, '');
  return {
    auth: `${root}/auth`,
    core: `${root}/core`,
    storage: `${root}/storage`,
    telemetry: `${root}/telemetry`,
  };
}

export interface RequestOptions {
  query?: ListQuery;
  /** A plain object is sent as JSON; FormData, URLSearchParams, Blob and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    body instanceof ReadableStream
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export class HttpClient {
  constructor(private readonly options: ClientOptions) {}

  url(service: Service, path: string, query?: ListQuery): string {
    const base = this.options.baseUrls[service].replace(/\/+$/, '');
    return `${base}/${path.replace(/^\/+/, '')}${buildQueryString(query)}`;
  }

  async request<T>(method: string, service: Service, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const authorization = await this.options.authorization?.();
    if (authorization && !headers.authorization) headers.authorization = authorization;
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) body = options.body;
      else {
        body = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
    }

    const doFetch = this.options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(this.url(service, path, options.query), {
        method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      throw errorFromTransport(error);
    }
    const parsed = await readBody(response);
    if (response.status >= 400) throw errorFromResponse(response.status, response.statusText, parsed);
    return parsed as T;
  }

  get<T>(service: Service, path: string, options?: RequestOptions) {
    return this.request<T>('GET', service, path, options);
  }
  post<T>(service: Service, path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', service, path, { ...options, body });
  }
  put<T>(service: Service, path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', service, path, { ...options, body });
  }
  delete<T>(service: Service, path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', service, path, options);
  }

  /** The REST calls every resource shares (docs/design.md §4). */
  resource<T, TCreate = Partial<T>, TUpdate = Partial<T>>(
    service: Service,
    name: string,
  ): ResourceApi<T, TCreate, TUpdate> {
    const id = (value: string) => `${name}/${encodeURIComponent(value)}`;
    return {
      getMany: (query) => this.get<ListResponse<T>>(service, name, { query }),
      getOne: (key, query) => this.get<T>(service, id(key), { query }),
      create: (body) => this.post<T>(service, name, body),
      update: (key, body) => this.post<T>(service, id(key), body),
      createOrUpdate: (key, body) => this.put<T>(service, id(key), body),
      delete: (key) => this.delete<T>(service, id(key)),
    };
  }
}

export interface ResourceApi<T, TCreate, TUpdate> {
  getMany(query?: ListQuery): Promise<ListResponse<T>>;
  getOne(id: string, query?: Pick<ListQuery, 'fields' | 'include'>): Promise<T>;
  create(body: TCreate): Promise<T>;
  update(id: string, body: TUpdate): Promise<T>;
  createOrUpdate(id: string, body: TCreate): Promise<T>;
  delete(id: string): Promise<T>;
}
