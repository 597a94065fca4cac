import {
  buildDefaultPolicy,
  PermissionChecker,
  PolicyEngine,
  type PermissionBindingProvider,
  type PermissionItem,
  type PermissionProvider,
  type PolicyConfig,
  type PolicyIdentity,
} from '@federa/policy';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#platform/db/index.ts';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import {
  realmColumnsOf,
  type RealmColumns,
  type ResourceAccess,
  type Row,
} from '#platform/http/resource/index.ts';
import { permissions } from '../db/identity.ts';
import type { RequestIdentity } from '../identity/authenticate.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';
import { loadPolicyConfig } from '../policies/policy-tree.ts';
import type { SubjectKind } from '../tokens/claims.ts';
import { findOwnedPermissions, type OwnedPermission } from './owned-permissions.ts';
import { VersionedCache } from '#platform/cache/versioned-cache.ts';

export const DEFAULT_POLICY = buildDefaultPolicy();

/** Entity types whose writes change permission data (the access version covers them as well). */
const PERMISSION_DATA_TYPES = new Set([
  'permission',
  'policy',
  'role',
  'rolePermission',
  'userRole',
  'userPermission',
  'robotRole',
  'robotPermission',
  'clientRole',
  'clientPermission',
]);

export interface AuthorizerCacheOptions {
  /** Identities whose permission sets are kept. */
  maxIdentities: number;
  ttlMs: number;
}

export const DEFAULT_AUTHORIZER_CACHE_OPTIONS: AuthorizerCacheOptions = {
  maxIdentities: 10_000,
  ttlMs: 10 * 60_000,
};

/**
 * Access decisions for HTTP requests, with the policy engine of packages/policy. Server endpoints are
 * gated by the global (realm-less) permissions of the given names; a permission without a policy of
 * its own is checked with the default policy: an authenticated identity, of the record's realm (the
 * master realm matches every realm), that holds the permission.
 *
 * Permission definitions (with their policies) and each identity's permission set are cached in
 * memory, tagged with the access version (auth_access_version) they were loaded at. A request knows
 * the current version from the query that checked its token, so a cached value is only used while
 * nothing it depends on has changed, on any replica; writes seen on this instance's event bus also
 * clear the caches at once. Decisions outside a request (realtime) read the database.
 */
export class Authorizer implements ResourceAccess {
  /** Shared by every decision, so the engine's cache of validated policies applies. */
  readonly engine: PolicyEngine;
  /** Per request: the policy identity object doubles as the key of its owned-permissions memo. */
  private readonly policyIdentities = new WeakMap<RequestIdentity, PolicyIdentity>();
  /** The access version each policy identity was established at (absent: do not cache). */
  private readonly versions = new WeakMap<PolicyIdentity, number>();
  private readonly owned = new WeakMap<PolicyIdentity, Promise<OwnedPermission[]>>();
  private readonly definitions: VersionedCache<PermissionItem | undefined>;
  private readonly ownedCache: VersionedCache<OwnedPermission[]>;
  private readonly policyCache: VersionedCache<PolicyConfig | undefined>;
  private readonly uncachedChecker: PermissionChecker;
  private latestChecker: { version: number; checker: PermissionChecker } | undefined;

  constructor(
    private readonly db: Database,
    cacheOptions: AuthorizerCacheOptions = DEFAULT_AUTHORIZER_CACHE_OPTIONS,
  ) {
    this.definitions = new VersionedCache({ maxEntries: 2_000, ttlMs: cacheOptions.ttlMs });
    this.policyCache = new VersionedCache({ maxEntries: 2_000, ttlMs: cacheOptions.ttlMs });
    this.ownedCache = new VersionedCache({
      maxEntries: cacheOptions.maxIdentities,
      ttlMs: cacheOptions.ttlMs,
    });
    const bindings: PermissionBindingProvider = {
      getBindings: async (identity, permission) => {
        const owned = await this.ownedBy(identity);
        return owned
          .filter(
            (item) =>
              item.name === permission.name &&
              item.realm_id === (permission.realmId ?? null) &&
              item.client_id === (permission.clientId ?? null),
          )
          .map(() => ({ policy: null }));
      },
    };
    this.engine = new PolicyEngine({ permissionBindings: bindings });
    this.uncachedChecker = this.checkerWith((name) => this.loadDefinition(name));
  }

  /**
   * Clears the caches when this instance sees permission data change (a write elsewhere is caught by
   * the access version). Returns the unsubscribe function.
   */
  invalidateOn(events: DomainEventBus): () => void {
    return events.subscribe((event) => {
      if (PERMISSION_DATA_TYPES.has(event.type)) this.clearCaches();
    });
  }

  clearCaches(): void {
    this.definitions.clear();
    this.ownedCache.clear();
    this.policyCache.clear();
    this.latestChecker = undefined;
  }

  /** The identity as policies see it; only tokens with the `global` scope act with the identity's permissions. */
  policyIdentity(request: FastifyRequest): PolicyIdentity | undefined {
    return this.policyIdentityOf(request.identity, true);
  }

  /**
   * The policy identity of a request identity, memoised per identity object (so one request loads
   * the permission set once). `cached`: the identity was established in this request, so its access
   * version is current and the caches may serve it.
   */
  private policyIdentityOf(
    identity: RequestIdentity | undefined,
    cached: boolean,
  ): PolicyIdentity | undefined {
    if (!identity || !identity.scopes.includes('global')) return undefined;
    let policyIdentity = this.policyIdentities.get(identity);
    if (!policyIdentity) {
      policyIdentity = {
        type: identity.type,
        id: identity.id,
        realmId: identity.realmId,
        realmName: identity.realmName,
        clientId: identity.clientId,
      };
      this.policyIdentities.set(identity, policyIdentity);
      if (cached && identity.accessVersion !== undefined)
        this.versions.set(policyIdentity, identity.accessVersion);
    }
    return policyIdentity;
  }

  async preCheck(request: FastifyRequest, names: readonly string[]): Promise<void> {
    await this.checkerFor(request.identity?.accessVersion).preCheckOneOf({
      name: names,
      input: { identity: this.policyIdentity(request) },
    });
  }

  /**
   * `preCheck` for an identity without a request, e.g. a realtime subscription. Such an identity may
   * be long-lived, so its access version is not trusted: everything is read from the database. Pass
   * a fresh object per decision.
   */
  async preCheckIdentity(identity: RequestIdentity | undefined, names: readonly string[]): Promise<void> {
    await this.uncachedChecker.preCheckOneOf({
      name: names,
      input: { identity: this.policyIdentityOf(identity, false) },
    });
  }

  async check(request: FastifyRequest, names: readonly string[], attributes: Row): Promise<void> {
    await this.checkerFor(request.identity?.accessVersion).checkOneOf({
      name: names,
      input: { identity: this.policyIdentity(request), attributes },
    });
  }

  /**
   * Every permission an identity holds, from the cache when `accessVersion` (read from the database
   * just now) matches what it was loaded at.
   */
  ownedPermissions(
    kind: SubjectKind,
    id: string,
    accessVersion: number | undefined,
  ): Promise<OwnedPermission[]> {
    if (accessVersion === undefined) return findOwnedPermissions(this.db, kind, id);
    return this.ownedCache.get(`${kind}:${id}`, accessVersion, () => findOwnedPermissions(this.db, kind, id));
  }

  /** A stored policy with its descendants, from memory while `accessVersion` holds. */
  policyConfig(policyId: string, accessVersion: number | undefined): Promise<PolicyConfig | undefined> {
    if (accessVersion === undefined) return loadPolicyConfig(this.db, policyId);
    return this.policyCache.get(policyId, accessVersion, () => loadPolicyConfig(this.db, policyId));
  }

  /**
   * Realm isolation: an identity outside the master realm sees only rows of its own realm; with
   * several realm columns (two-sided records), rows where any of them is its realm.
   */
  visibleRows(request: FastifyRequest, realmColumn: RealmColumns | undefined): SQL | undefined {
    const identity = request.identity;
    if (!identity || identity.realmName === MASTER_REALM_NAME) return undefined;
    const columns = realmColumnsOf(realmColumn);
    // Records of no realm (registries) belong to the hub operator, as the realm match policy decides.
    if (columns.length === 0) return sql`false`;
    if (columns.length === 1) return eq(columns[0]!, identity.realmId);
    return or(...columns.map((column) => eq(column, identity.realmId)));
  }

  private checkerFor(version: number | undefined): PermissionChecker {
    if (version === undefined) return this.uncachedChecker;
    if (this.latestChecker?.version !== version) {
      const checker = this.checkerWith((name) =>
        this.definitions.get(name, version, () => this.loadDefinition(name)),
      );
      this.latestChecker = { version, checker };
    }
    return this.latestChecker.checker;
  }

  private checkerWith(get: (name: string) => Promise<PermissionItem | undefined>): PermissionChecker {
    const provider: PermissionProvider = { get: ({ name }) => get(name) };
    return new PermissionChecker({ provider, engine: this.engine });
  }

  /** A global permission with its policy (or the default policy), straight from the database. */
  private async loadDefinition(name: string): Promise<PermissionItem | undefined> {
    const [row] = await this.db
      .select({ name: permissions.name, policy_id: permissions.policy_id })
      .from(permissions)
      .where(and(eq(permissions.name, name), isNull(permissions.realm_id), isNull(permissions.client_id)));
    if (!row) return undefined;
    const policy = row.policy_id ? await loadPolicyConfig(this.db, row.policy_id) : undefined;
    return { name: row.name, realmId: null, clientId: null, policy: policy ?? DEFAULT_POLICY };
  }

  private ownedBy(identity: PolicyIdentity): Promise<OwnedPermission[]> {
    let pending = this.owned.get(identity);
    if (!pending) {
      pending = this.ownedPermissions(identity.type as SubjectKind, identity.id, this.versions.get(identity));
      this.owned.set(identity, pending);
    }
    return pending;
  }
}
