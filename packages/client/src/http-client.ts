import type { ListQuery, ListResponse } from '@federa/schemas';
import { errorFromParse, errorFromResponse, errorFromTransport } from './errors.ts';
import { buildQueryString } from './query-string.ts';
import { listResponseOf, type ResponseSchema } from './response-schema.ts';

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

/** A request whose answer `schema` parses: the call returns the parsed value, typed by the schema. */
export interface ParsedRequestOptions<T> extends RequestOptions {
  schema: ResponseSchema<T>;
}

/** A request without a schema returns `unknown`: its caller checks what it reads. */
export interface UnparsedRequestOptions extends RequestOptions {
  schema?: undefined;
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

  /**
   * Sends a request and returns the answer's body (`undefined` when it has none); an answer with
   * status 400-599 or none at all is thrown as a `ClientError`.
   */
  async send(method: string, service: Service, path: string, options: RequestOptions = {}): Promise<unknown> {
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
    return parsed;
  }

  /**
   * Sends a request and parses the answer with `options.schema`, which gives the result its type; an
   * answer the schema refuses is a `ClientError` with code `unexpected_response`.
   */
  request<T>(method: string, service: Service, path: string, options: ParsedRequestOptions<T>): Promise<T>;
  request(method: string, service: Service, path: string, options?: UnparsedRequestOptions): Promise<unknown>;
  request<T>(
    method: string,
    service: Service,
    path: string,
    options?: ParsedRequestOptions<T> | UnparsedRequestOptions,
  ): Promise<unknown> {
    return this.parsed(method, service, path, options ?? {});
  }

  private async parsed<T>(
    method: string,
    service: Service,
    path: string,
    options: ParsedRequestOptions<T> | UnparsedRequestOptions,
  ): Promise<unknown> {
    const { schema, ...rest } = options;
    const body = await this.send(method, service, path, rest);
    if (!schema) return body;
    try {
      return schema.parse(body);
    } catch (error) {
      throw errorFromParse(`${method} ${this.url(service, path)}`, body, error);
    }
  }

  get<T>(service: Service, path: string, options: ParsedRequestOptions<T>): Promise<T>;
  get(service: Service, path: string, options?: UnparsedRequestOptions): Promise<unknown>;
  get<T>(service: Service, path: string, options?: ParsedRequestOptions<T> | UnparsedRequestOptions) {
    return this.parsed('GET', service, path, options ?? {});
  }

  post<T>(service: Service, path: string, body: unknown, options: ParsedRequestOptions<T>): Promise<T>;
  post(service: Service, path: string, body?: unknown, options?: UnparsedRequestOptions): Promise<unknown>;
  post<T>(
    service: Service,
    path: string,
    body?: unknown,
    options?: ParsedRequestOptions<T> | UnparsedRequestOptions,
  ) {
    return this.parsed('POST', service, path, { ...options, body });
  }

  put<T>(service: Service, path: string, body: unknown, options: ParsedRequestOptions<T>): Promise<T>;
  put(service: Service, path: string, body?: unknown, options?: UnparsedRequestOptions): Promise<unknown>;
  put<T>(
    service: Service,
    path: string,
    body?: unknown,
    options?: ParsedRequestOptions<T> | UnparsedRequestOptions,
  ) {
    return this.parsed('PUT', service, path, { ...options, body });
  }

  delete<T>(service: Service, path: string, options: ParsedRequestOptions<T>): Promise<T>;
  delete(service: Service, path: string, options?: UnparsedRequestOptions): Promise<unknown>;
  delete<T>(service: Service, path: string, options?: ParsedRequestOptions<T> | UnparsedRequestOptions) {
    return this.parsed('DELETE', service, path, options ?? {});
  }

  /** The REST calls every resource shares (docs/design.md §4); `schema` parses one record. */
  resource<T, TCreate = Partial<T>, TUpdate = Partial<T>>(
    service: Service,
    name: string,
    schema: ResponseSchema<T>,
  ): ResourceApi<T, TCreate, TUpdate> {
    const id = (value: string) => `${name}/${encodeURIComponent(value)}`;
    const list = listResponseOf(schema);
    return {
      getMany: (query) => this.get(service, name, { query, schema: list }),
      getOne: (key, query) => this.get(service, id(key), { query, schema }),
      create: (body) => this.post(service, name, body, { schema }),
      update: (key, body) => this.post(service, id(key), body, { schema }),
      createOrUpdate: (key, body) => this.put(service, id(key), body, { schema }),
      delete: (key) => this.delete(service, id(key), { schema }),
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
