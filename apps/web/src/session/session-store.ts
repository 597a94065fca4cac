import { ClientError, HttpClient, type Service } from '@federa/client';
import { OwnUserSchema, TokenIntrospectionSchema, TokenResponseSchema, type OwnUser } from '@federa/schemas';
import { AuthenticatedHttpClient, type AuthorizationSource } from './authenticated-client.ts';
import { readJwtExpiry } from './jwt.ts';
import { grantedPermissions, hasPolicies, POLICY_RECHECK_INTERVAL_MS } from './permission-precheck.ts';
import { SESSION_COOKIE_NAMES, SessionCookie, type SessionStorage } from './session-storage.ts';
import type {
  HeldPermission,
  LoginCredentials,
  SessionEvent,
  SessionPermission,
  SessionRealm,
  SessionState,
  SessionUser,
  TokenResponse,
} from './types.ts';

/** The root realm; its users may manage every realm (docs/product/identity-and-access.md §9). */
export const MASTER_REALM_NAME = 'master';
/** The access token is renewed this long before it expires (docs/product/identity-and-access.md §9). */
export const REFRESH_BEFORE_EXPIRY_MS = 60_000;
/** setTimeout cannot wait longer than this. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface SessionStoreOptions {
  /** Base URL of each API; the session itself only talks to `auth`. */
  readonly baseUrls: Record<Service, string>;
  readonly storage: SessionStorage;
  /** Replaces the global fetch (tests). */
  readonly fetch?: typeof fetch;
}

const EMPTY_STATE: SessionState = {
  accessToken: undefined,
  accessTokenExpiresAt: undefined,
  refreshToken: undefined,
  user: undefined,
  realm: undefined,
  realmManagement: undefined,
  permissions: [],
  resolved: false,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isRealm(value: unknown): value is SessionRealm {
  return isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';
}

function isUser(value: unknown): value is SessionUser {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.realm_id === 'string'
  );
}

function readJson<T>(storage: SessionStorage, name: string, guard: (value: unknown) => value is T) {
  const text = storage.get(name);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return guard(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Only what the interface shows is kept, so the cookie stays small. */
function toSessionUser(user: OwnUser): SessionUser {
  return {
    id: user.id,
    name: user.name,
    display_name: user.display_name,
    email: user.email ?? null,
    realm_id: user.realm_id,
  };
}

function formBody(values: Record<string, string | null | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) body.set(key, value);
  return body;
}

/** The values stored by an earlier page load; an access token past its expiry is dropped. */
function readStoredState(storage: SessionStorage, now: number): SessionState {
  const expiresAt = Number(storage.get(SessionCookie.ACCESS_TOKEN_EXPIRE_DATE));
  const accessToken = storage.get(SessionCookie.ACCESS_TOKEN);
  const valid = accessToken !== undefined && Number.isFinite(expiresAt) && expiresAt > now;
  return {
    ...EMPTY_STATE,
    accessToken: valid ? accessToken : undefined,
    accessTokenExpiresAt: valid ? expiresAt : undefined,
    refreshToken: storage.get(SessionCookie.REFRESH_TOKEN),
    user: readJson(storage, SessionCookie.USER, isUser),
    realm: readJson(storage, SessionCookie.REALM, isRealm),
    realmManagement: readJson(storage, SessionCookie.REALM_MANAGEMENT, isRealm),
  };
}

/**
 * The session of the signed-in user (docs/product/identity-and-access.md §4 "Session"): tokens, user, realm,
 * realm management and the permission store. It logs in and out, resolves stored tokens after a reload,
 * renews the access token (one shared renewal for concurrent callers, a timer 60 s before expiry) and keeps
 * its values in cookies. React reads it through `subscribe`/`getState`.
 */
export class SessionStore implements AuthorizationSource {
  /** For the API calls of the app: sends the access token, renews and retries once when it is rejected. */
  readonly api: AuthenticatedHttpClient;
  /** For the token endpoints: never retries, never sends the session's token by itself. */
  private readonly http: HttpClient;
  private readonly storage: SessionStorage;
  private state: SessionState;
  private refreshTokenExpiresAt: number | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Map<SessionEvent, Set<() => void>>();
  private renewal: Promise<void> | undefined;
  private resolution: Promise<void> | undefined;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** Re-evaluates permissions with a policy while they are held (time windows open and close). */
  private policyTimer: ReturnType<typeof setInterval> | undefined;

  constructor({ baseUrls, storage, fetch }: SessionStoreOptions) {
    this.storage = storage;
    this.http = new HttpClient({ baseUrls, fetch });
    this.api = new AuthenticatedHttpClient({ baseUrls, fetch }, this);
    this.state = readStoredState(storage, Date.now());
    const refreshExp = readJwtExpiry(this.state.refreshToken);
    this.refreshTokenExpiresAt = refreshExp === undefined ? undefined : refreshExp * 1000;
    if (!this.state.accessToken && !this.state.refreshToken) this.clearStorage();
    this.scheduleRefresh();
  }

  // ---- reading -------------------------------------------------------------------------------

  readonly getState = (): SessionState => this.state;

  /** Calls `listener` after every change of the state (for `useSyncExternalStore`). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Subscribes to one session event; returns the unsubscribe function. */
  on(event: SessionEvent, listener: () => void): () => void {
    let set = this.eventListeners.get(event);
    if (!set) this.eventListeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  get loggedIn(): boolean {
    return this.state.accessToken !== undefined;
  }

  /** Pre-check: the identity holds a permission of that name (policies are evaluated by the server). */
  hasPermission(name: string): boolean {
    return this.state.permissions.some((permission) => permission.name === name);
  }

  /** Pre-check: the identity holds at least one of the named permissions. */
  hasAnyPermission(names: readonly string[]): boolean {
    return names.some((name) => this.hasPermission(name));
  }

  // ---- login, logout, resolve ------------------------------------------------------------------

  /** Password grant, then introspection, then the user. A failure after the grant logs out again. */
  async login({ name, password, realmId }: LoginCredentials): Promise<void> {
    this.emit('loggingIn');
    const token = await this.http.post(
      'auth',
      'token',
      formBody({ grant_type: 'password', username: name, password, realm_id: realmId }),
      { schema: TokenResponseSchema },
    );
    this.applyToken(token);
    try {
      await this.loadIdentity();
    } catch (error) {
      await this.logout();
      throw error;
    }
    this.emit('loggedIn');
  }

  /**
   * Clears every stored value and the permission store at once, then revokes the access and refresh
   * tokens; a failed revocation is ignored (the tokens are gone from this browser either way).
   */
  async logout(): Promise<void> {
    const { accessToken, refreshToken } = this.state;
    this.emit('loggingOut');
    this.clearRefreshTimer();
    this.clearPolicyTimer();
    this.refreshTokenExpiresAt = undefined;
    this.setState({ ...EMPTY_STATE, resolved: true });
    this.clearStorage();
    this.emit('loggedOut');
    await Promise.allSettled(
      [accessToken, refreshToken]
        .filter((token): token is string => token !== undefined)
        .map((token) => this.http.post('auth', 'token/revoke', formBody({ token }))),
    );
  }

  /**
   * Establishes who the stored tokens belong to: renews first when only a refresh token is left,
   * then introspects and loads the user; if that fails and a refresh token exists, renews and tries
   * once more, otherwise the error is raised. Resolves once per login; concurrent callers share it.
   */
  resolve(): Promise<void> {
    if (this.state.resolved) return Promise.resolve();
    this.resolution ??= this.performResolve().finally(() => {
      this.resolution = undefined;
    });
    return this.resolution;
  }

  private async performResolve(): Promise<void> {
    this.emit('resolving');
    if (!this.state.accessToken && !this.state.refreshToken) {
      this.setState({ ...this.state, resolved: true });
      this.emit('resolved');
      return;
    }
    if (!this.state.accessToken) await this.renew();
    try {
      await this.loadIdentity();
    } catch (error) {
      if (!this.state.refreshToken) throw error;
      await this.renew();
      await this.loadIdentity();
    }
    this.emit('resolved');
  }

  /** Introspects the access token (realm, permissions) and loads the user. */
  private async loadIdentity(): Promise<void> {
    const token = this.state.accessToken;
    if (!token)
      throw new ClientError('No access token available.', { statusCode: 401, code: 'invalid_token' });
    const introspection = await this.http.post('auth', 'token/introspect', formBody({ token }), {
      schema: TokenIntrospectionSchema,
    });
    if (!introspection.active) {
      throw new ClientError('The token is not active.', { statusCode: 401, code: 'inactive_token' });
    }
    const user = toSessionUser(
      await this.http.get('auth', 'users/@me', {
        headers: { authorization: `Bearer ${token}` },
        schema: OwnUserSchema,
      }),
    );
    const realm: SessionRealm = { id: introspection.realm_id, name: introspection.realm_name };
    const stored = this.state.realmManagement;
    // A master-realm user keeps the realm picked earlier; everybody else manages their own realm.
    const realmManagement = realm.name === MASTER_REALM_NAME && stored ? stored : realm;
    const held: HeldPermission[] = introspection.permissions.map((permission) => ({
      name: permission.name,
      realm_id: permission.realm_id ?? null,
      client_id: permission.client_id ?? null,
      ...(permission.policy ? { policy: permission.policy } : {}),
    }));
    const identity = { type: 'user', id: user.id, realmId: realm.id, realmName: realm.name };
    const permissions = await grantedPermissions(held, identity);
    const expiresAt = this.state.accessTokenExpiresAt ?? introspection.exp * 1000;
    this.setState({
      ...this.state,
      accessTokenExpiresAt: expiresAt,
      user,
      realm,
      realmManagement,
      permissions,
      resolved: true,
    });
    this.persist();
    this.schedulePolicyRecheck(held, identity);
  }

  /** While a held permission has a policy, evaluates it again every minute and updates the state. */
  private schedulePolicyRecheck(
    held: readonly HeldPermission[],
    identity: Parameters<typeof grantedPermissions>[1],
  ): void {
    this.clearPolicyTimer();
    if (!hasPolicies(held)) return;
    this.policyTimer = setInterval(() => {
      void grantedPermissions(held, identity).then((permissions) => {
        if (this.state.user?.id !== identity.id) return;
        const names = (list: readonly SessionPermission[]) => list.map((item) => item.name).join('\n');
        if (names(permissions) !== names(this.state.permissions))
          this.setState({ ...this.state, permissions });
      });
    }, POLICY_RECHECK_INTERVAL_MS);
  }

  private clearPolicyTimer(): void {
    if (this.policyTimer !== undefined) clearInterval(this.policyTimer);
    this.policyTimer = undefined;
  }

  /** Chooses the realm the administration screens manage; only a master-realm user may change it. */
  setRealmManagement(realm: SessionRealm): void {
    if (this.state.realm?.name !== MASTER_REALM_NAME) return;
    this.setState({ ...this.state, realmManagement: { id: realm.id, name: realm.name } });
    this.persist();
  }

  // ---- renewal ---------------------------------------------------------------------------------

  /**
   * Trades the refresh token for new tokens. Concurrent callers share one request. On failure the
   * session is fully logged out and the error is raised.
   */
  renew(): Promise<void> {
    this.renewal ??= this.performRenewal().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async performRenewal(): Promise<void> {
    // Another tab may have renewed already (refresh tokens are single use): take its tokens.
    if (this.adoptTokensOfAnotherTab()) return;
    const refreshToken = this.state.refreshToken;
    try {
      if (!refreshToken) {
        throw new ClientError('No refresh token available.', { statusCode: 400, code: 'invalid_grant' });
      }
      const token = await this.http.post(
        'auth',
        'token',
        formBody({ grant_type: 'refresh_token', refresh_token: refreshToken }),
        { schema: TokenResponseSchema },
      );
      this.applyToken(token);
    } catch (error) {
      await this.logout();
      throw error;
    }
  }

  /** True when the cookies hold newer, still valid tokens than this page (written by another tab). */
  private adoptTokensOfAnotherTab(): boolean {
    const stored = readStoredState(this.storage, Date.now());
    if (!stored.refreshToken || stored.refreshToken === this.state.refreshToken) return false;
    if (!stored.accessToken || !stored.accessTokenExpiresAt) return false;
    const refreshExp = readJwtExpiry(stored.refreshToken);
    this.refreshTokenExpiresAt = refreshExp === undefined ? undefined : refreshExp * 1000;
    this.setState({
      ...this.state,
      accessToken: stored.accessToken,
      accessTokenExpiresAt: stored.accessTokenExpiresAt,
      refreshToken: stored.refreshToken,
    });
    this.emit('tokenChanged');
    this.scheduleRefresh();
    return true;
  }

  private applyToken(token: TokenResponse): void {
    const now = Date.now();
    const refreshToken = token.refresh_token ?? this.state.refreshToken;
    if (token.refresh_token) {
      const exp = readJwtExpiry(token.refresh_token);
      this.refreshTokenExpiresAt =
        token.refresh_token_expires_in !== undefined
          ? now + token.refresh_token_expires_in * 1000
          : exp === undefined
            ? undefined
            : exp * 1000;
    }
    this.setState({
      ...this.state,
      accessToken: token.access_token,
      accessTokenExpiresAt: now + token.expires_in * 1000,
      refreshToken,
    });
    this.persist();
    this.emit('tokenChanged');
    this.scheduleRefresh();
  }

  /** Renews 60 s before the access token expires (half its remaining time when less is left). */
  private scheduleRefresh(): void {
    this.clearRefreshTimer();
    const { accessTokenExpiresAt, refreshToken } = this.state;
    if (accessTokenExpiresAt === undefined || !refreshToken) return;
    const remaining = accessTokenExpiresAt - Date.now();
    const delay =
      remaining > REFRESH_BEFORE_EXPIRY_MS
        ? remaining - REFRESH_BEFORE_EXPIRY_MS
        : Math.max(0, remaining / 2);
    this.refreshTimer = setTimeout(
      () => {
        this.refreshTimer = undefined;
        // A failed renewal has logged out already.
        this.renew().catch(() => undefined);
      },
      Math.min(delay, MAX_TIMER_DELAY_MS),
    );
  }

  private clearRefreshTimer(): void {
    if (this.refreshTimer !== undefined) clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  /** Stops the refresh timer (when the store is thrown away, e.g. at the end of a test). */
  dispose(): void {
    this.clearRefreshTimer();
    this.clearPolicyTimer();
    this.listeners.clear();
    this.eventListeners.clear();
  }

  // ---- AuthorizationSource (used by `api`) -----------------------------------------------------

  get accessToken(): string | undefined {
    return this.state.accessToken;
  }

  get canRenew(): boolean {
    return this.state.refreshToken !== undefined;
  }

  /** The Authorization header; an expired access token is renewed first (e.g. after the tab slept). */
  async authorizationHeader(): Promise<string | undefined> {
    const { accessToken, accessTokenExpiresAt, refreshToken } = this.state;
    const expired = accessTokenExpiresAt !== undefined && accessTokenExpiresAt <= Date.now();
    if ((expired || !accessToken) && refreshToken) {
      await this.renew().catch(() => undefined);
    }
    return this.state.accessToken ? `Bearer ${this.state.accessToken}` : undefined;
  }

  /** After a request was refused with `usedToken`: renew, unless a newer token exists already. */
  async renewAfterRejection(usedToken: string | undefined): Promise<void> {
    if (this.state.accessToken && this.state.accessToken !== usedToken) return;
    await this.renew();
  }

  /** A key error: the token can never become valid. Drop the authorization, then log out. */
  async dropAuthorization(): Promise<void> {
    this.setState({ ...this.state, accessToken: undefined, accessTokenExpiresAt: undefined });
    this.storage.remove(SessionCookie.ACCESS_TOKEN);
    this.storage.remove(SessionCookie.ACCESS_TOKEN_EXPIRE_DATE);
    await this.logout();
  }

  // ---- internals -------------------------------------------------------------------------------

  private setState(next: SessionState): void {
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  private emit(event: SessionEvent): void {
    for (const listener of [...(this.eventListeners.get(event) ?? [])]) listener();
  }

  /** Writes every value to storage; cookies live as long as the token they belong to. */
  private persist(): void {
    const now = Date.now();
    const { accessToken, accessTokenExpiresAt, refreshToken, user, realm, realmManagement } = this.state;
    const seconds = (until: number | undefined) =>
      until === undefined ? undefined : Math.max(1, Math.ceil((until - now) / 1000));
    const accessMaxAge = seconds(accessTokenExpiresAt);
    const sessionMaxAge = refreshToken ? seconds(this.refreshTokenExpiresAt) : accessMaxAge;

    const write = (name: string, value: string | undefined, maxAge: number | undefined) => {
      if (value === undefined) this.storage.remove(name);
      else this.storage.set(name, value, maxAge);
    };
    write(SessionCookie.ACCESS_TOKEN, accessToken, accessMaxAge);
    write(
      SessionCookie.ACCESS_TOKEN_EXPIRE_DATE,
      accessTokenExpiresAt === undefined ? undefined : String(accessTokenExpiresAt),
      accessMaxAge,
    );
    write(SessionCookie.REFRESH_TOKEN, refreshToken, sessionMaxAge);
    write(SessionCookie.USER, user && JSON.stringify(user), sessionMaxAge);
    write(SessionCookie.REALM, realm && JSON.stringify(realm), sessionMaxAge);
    write(SessionCookie.REALM_MANAGEMENT, realmManagement && JSON.stringify(realmManagement), sessionMaxAge);
  }

  private clearStorage(): void {
    for (const name of SESSION_COOKIE_NAMES) this.storage.remove(name);
  }
}
