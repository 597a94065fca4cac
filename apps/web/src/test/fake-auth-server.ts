import type { PolicyConfig } from '@federa/policy';
import type { HeldPermission, SessionRealm, TokenResponse } from '../session/types.ts';

/** Base URLs the fake answers; any origin works, these are what the test stores use. */
export const TEST_BASE_URLS = {
  auth: 'http://hub.test/auth',
  core: 'http://hub.test/core',
  storage: 'http://hub.test/storage',
  telemetry: 'http://hub.test/telemetry',
};

/** Realm ids are UUIDs, as the server's: forms check the ids they send with its request schemas. */
export const MASTER_REALM: SessionRealm = { id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0001', name: 'master' };
export const OTHER_REALM: SessionRealm = { id: '0b6c4c39-0d0e-4a38-9a57-6f1d1b2c0002', name: 'other' };

export interface FakeUser {
  readonly id: string;
  readonly name: string;
  readonly password: string;
  readonly display_name?: string;
  readonly realm: SessionRealm;
  readonly permissions: readonly string[];
  /** Policies of some of those permissions, by permission name, as introspection reports them. */
  readonly policies?: Readonly<Record<string, PolicyConfig>>;
}

/** One request the fake received. */
export interface FakeCall {
  readonly method: string;
  /** Path below the origin, e.g. `/auth/token`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: Record<string, string>;
  readonly authorization: string | undefined;
  /** The version an update was based on (lost-update protection). */
  readonly ifMatch: string | undefined;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

export interface FakeAuthServerOptions {
  readonly users?: readonly FakeUser[];
  readonly realms?: readonly SessionRealm[];
  /** Access token lifetime in seconds (default 3600). */
  readonly accessLifetime?: number;
  /** Refresh token lifetime in seconds (default 259200). */
  readonly refreshLifetime?: number;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorResponse(status: number, code: string, message = code): Response {
  return json(status, { statusCode: status, code, message });
}

function readBody(body: BodyInit | null | undefined): Record<string, string> {
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) as Record<string, string>;
    } catch {
      return Object.fromEntries(new URLSearchParams(body));
    }
  }
  return {};
}

/**
 * An in-memory identity server for unit and component tests: the token endpoints (password and
 * refresh grants with single-use refresh tokens), introspection, revocation, `/users/@me` and the
 * public realm list. Every call is recorded; `intercept` answers chosen calls differently.
 */
export class FakeAuthServer {
  readonly calls: FakeCall[] = [];
  readonly users: FakeUser[];
  readonly realms: SessionRealm[];
  private readonly accessLifetime: number;
  private readonly refreshLifetime: number;
  private readonly accessTokens = new Map<string, { user: FakeUser; exp: number; revoked: boolean }>();
  private readonly refreshTokens = new Map<string, { user: FakeUser; used: boolean }>();
  private readonly interceptors: Array<{
    matches: (call: FakeCall) => boolean;
    handler: Handler;
    times: number;
  }> = [];
  private readonly routes = new Map<string, Handler>();
  private counter = 0;

  constructor({
    users = [],
    realms = [MASTER_REALM, OTHER_REALM],
    accessLifetime = 3600,
    refreshLifetime = 259_200,
  }: FakeAuthServerOptions = {}) {
    this.users = [...users];
    this.realms = [...realms];
    this.accessLifetime = accessLifetime;
    this.refreshLifetime = refreshLifetime;
  }

  /** The fetch to hand to the session store. */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers);
    const call: FakeCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: readBody(init?.body),
      authorization: headers.get('authorization') ?? undefined,
      ifMatch: headers.get('if-match') ?? undefined,
    };
    this.calls.push(call);
    const interceptor = this.interceptors.find((candidate) => candidate.times > 0 && candidate.matches(call));
    if (interceptor) {
      interceptor.times -= 1;
      return interceptor.handler(call);
    }
    return this.answer(call);
  };

  /** Answers the next `times` calls of `method path` with `handler` instead. */
  intercept(method: string, path: string, handler: Handler, times = 1): void {
    this.interceptors.push({
      matches: (call) => call.method === method && call.path === path,
      handler,
      times,
    });
  }

  /** Adds an endpoint, e.g. `route('GET', '/core/projects', …)` for the authenticated client. */
  route(method: string, path: string, handler: Handler): void {
    this.routes.set(`${method} ${path}`, handler);
  }

  /** Issues tokens as a password grant would (to seed a session that signed in earlier). */
  issue(user: FakeUser): TokenResponse {
    this.counter += 1;
    const access = `access-${this.counter}`;
    const refresh = `refresh-${this.counter}`;
    this.accessTokens.set(access, { user, exp: Date.now() + this.accessLifetime * 1000, revoked: false });
    this.refreshTokens.set(refresh, { user, used: false });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: this.accessLifetime,
      scope: 'openid',
      refresh_token: refresh,
      refresh_token_expires_in: this.refreshLifetime,
    };
  }

  /** Makes an access token fail as expired from now on. */
  expire(accessToken: string): void {
    const entry = this.accessTokens.get(accessToken);
    if (entry) entry.exp = 0;
  }

  isRevoked(token: string): boolean {
    return this.accessTokens.get(token)?.revoked ?? this.refreshTokens.get(token)?.used ?? false;
  }

  /** The calls to one path, e.g. `callsTo('/auth/token')`. */
  callsTo(path: string): FakeCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  /** The user behind a valid access token in an Authorization header, or the error to answer with. */
  private bearer(call: FakeCall): FakeUser | Response {
    const token = call.authorization?.replace(/^Bearer\s+/i, '');
    const entry = token ? this.accessTokens.get(token) : undefined;
    if (!entry || entry.revoked) return errorResponse(401, 'invalid_token', 'The Token is invalid.');
    if (entry.exp <= Date.now()) return errorResponse(401, 'expired_token', 'The token has expired.');
    return entry.user;
  }

  private answer(call: FakeCall): Response | Promise<Response> {
    const key = `${call.method} ${call.path}`;
    const extra = this.routes.get(key);
    if (extra) return extra(call);
    switch (key) {
      case 'POST /auth/token':
        return this.token(call);
      case 'POST /auth/token/introspect': {
        const entry = this.accessTokens.get(call.body.token ?? '');
        if (!entry || entry.revoked || entry.exp <= Date.now()) return json(200, { active: false });
        const permissions: HeldPermission[] = entry.user.permissions.map((name) => ({
          name,
          realm_id: null,
          client_id: null,
          ...(entry.user.policies?.[name] ? { policy: entry.user.policies[name] } : {}),
        }));
        return json(200, {
          active: true,
          kind: 'access_token',
          jti: `jti-${call.body.token ?? ''}`,
          iss: 'http://hub.test/auth',
          sub: entry.user.id,
          sub_kind: 'user',
          client_id: null,
          scope: 'openid',
          iat: Math.floor(entry.exp / 1000) - this.accessLifetime,
          exp: Math.floor(entry.exp / 1000),
          realm_id: entry.user.realm.id,
          realm_name: entry.user.realm.name,
          permissions,
        });
      }
      case 'POST /auth/token/revoke': {
        const token = call.body.token ?? '';
        const access = this.accessTokens.get(token);
        if (access) access.revoked = true;
        const refresh = this.refreshTokens.get(token);
        if (refresh) refresh.used = true;
        return json(200, {});
      }
      case 'GET /auth/users/@me': {
        const user = this.bearer(call);
        if (user instanceof Response) return user;
        return json(200, {
          id: user.id,
          sub: user.id,
          name: user.name,
          name_locked: false,
          first_name: null,
          last_name: null,
          display_name: user.display_name ?? user.name,
          preferred_username: user.name,
          email: `${user.name}@example.org`,
          realm_id: user.realm.id,
          realm_name: user.realm.name,
          avatar: null,
          cover: null,
          active: true,
          status: null,
          status_message: null,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        });
      }
      case 'GET /auth/realms': {
        const filter = call.query.get('filter[name]')?.replace(/^~/, '') ?? '';
        const matches = this.realms.filter((realm) => realm.name.startsWith(filter));
        const offset = Number(call.query.get('page[offset]') ?? 0);
        const limit = Number(call.query.get('page[limit]') ?? 10);
        return json(200, {
          data: matches.slice(offset, offset + limit).map((realm) => ({ display_name: null, ...realm })),
          meta: { total: matches.length, offset, limit },
        });
      }
      default:
        return errorResponse(404, 'route_not_found', `Route ${key} not found.`);
    }
  }

  private token(call: FakeCall): Response {
    const { grant_type: grant, username, password, realm_id: realmId, refresh_token: refresh } = call.body;
    if (grant === 'password') {
      const user = this.users.find(
        (candidate) =>
          candidate.name === username &&
          candidate.password === password &&
          (!realmId || candidate.realm.id === realmId || candidate.realm.name === realmId),
      );
      if (!user) return errorResponse(400, 'invalid_credentials', 'The user credentials are invalid.');
      return json(200, this.issue(user));
    }
    if (grant === 'refresh_token') {
      const entry = this.refreshTokens.get(refresh ?? '');
      if (!entry || entry.used) {
        return errorResponse(
          400,
          'invalid_grant',
          'The refresh token is invalid, expired or has already been used.',
        );
      }
      entry.used = true;
      return json(200, this.issue(entry.user));
    }
    return errorResponse(400, 'unsupported_token_grant_type');
  }
}
