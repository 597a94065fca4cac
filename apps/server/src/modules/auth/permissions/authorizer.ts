import {
  buildDefaultPolicy,
  PermissionChecker,
  PolicyEngine,
  type PermissionBindingProvider,
  type PermissionProvider,
  type PolicyIdentity,
} from '@federa/policy';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../platform/db/index.ts';
import {
  realmColumnsOf,
  type RealmColumns,
  type ResourceAccess,
  type Row,
} from '../../../platform/http/resource/index.ts';
import { permissions } from '../db/identity.ts';
import type { RequestIdentity } from '../identity/authenticate.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';
import { loadPolicyConfig } from '../policies/policy-tree.ts';
import { findOwnedPermissions, type OwnedPermission } from './owned-permissions.ts';

export const DEFAULT_POLICY = buildDefaultPolicy();

/**
 * Access decisions for HTTP requests, with the policy engine of packages/policy. Server endpoints are
 * gated by the global (realm-less) permissions of the given names; a permission without a policy of
 * its own is checked with the default policy: an authenticated identity, of the record's realm (the
 * master realm matches every realm), that holds the permission.
 */
export class Authorizer implements ResourceAccess {
  private readonly checker: PermissionChecker;
  /** Shared by every decision, so the engine's cache of validated policies applies. */
  readonly engine: PolicyEngine;
  /** Per request: the policy identity object doubles as the key of its owned-permissions cache. */
  private readonly policyIdentities = new WeakMap<RequestIdentity, PolicyIdentity>();
  private readonly owned = new WeakMap<PolicyIdentity, Promise<OwnedPermission[]>>();

  constructor(private readonly db: Database) {
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
    const provider: PermissionProvider = {
      get: async ({ name }) => {
        const [row] = await this.db
          .select({ name: permissions.name, policy_id: permissions.policy_id })
          .from(permissions)
          .where(
            and(eq(permissions.name, name), isNull(permissions.realm_id), isNull(permissions.client_id)),
          );
        if (!row) return undefined;
        const policy = row.policy_id ? await loadPolicyConfig(this.db, row.policy_id) : undefined;
        return { name: row.name, realmId: null, clientId: null, policy: policy ?? DEFAULT_POLICY };
      },
    };
    this.engine = new PolicyEngine({ permissionBindings: bindings });
    this.checker = new PermissionChecker({ provider, engine: this.engine });
  }

  /** The identity as policies see it; only tokens with the `global` scope act with the identity's permissions. */
  policyIdentity(request: FastifyRequest): PolicyIdentity | undefined {
    return this.policyIdentityOf(request.identity);
  }

  /**
   * The same for an identity established outside an HTTP request (a realtime connection). The cache
   * of owned permissions lives as long as the identity object, so pass a fresh object per decision
   * when the identity is long-lived.
   */
  private policyIdentityOf(identity: RequestIdentity | undefined): PolicyIdentity | undefined {
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
    }
    return policyIdentity;
  }

  async preCheck(request: FastifyRequest, names: readonly string[]): Promise<void> {
    await this.preCheckIdentity(request.identity, names);
  }

  /** `preCheck` for an identity without a request, e.g. a realtime subscription. */
  async preCheckIdentity(identity: RequestIdentity | undefined, names: readonly string[]): Promise<void> {
    await this.checker.preCheckOneOf({ name: names, input: { identity: this.policyIdentityOf(identity) } });
  }

  async check(request: FastifyRequest, names: readonly string[], attributes: Row): Promise<void> {
    await this.checker.checkOneOf({
      name: names,
      input: { identity: this.policyIdentity(request), attributes },
    });
  }

  /**
   * Realm isolation: an identity outside the master realm sees only rows of its own realm; with
   * several realm columns (two-sided records), rows where any of them is its realm.
   */
  visibleRows(request: FastifyRequest, realmColumn: RealmColumns | undefined): SQL | undefined {
    const identity = request.identity;
    const columns = realmColumnsOf(realmColumn);
    if (columns.length === 0 || !identity || identity.realmName === MASTER_REALM_NAME) return undefined;
    if (columns.length === 1) return eq(columns[0]!, identity.realmId);
    return or(...columns.map((column) => eq(column, identity.realmId)));
  }

  private ownedBy(identity: PolicyIdentity): Promise<OwnedPermission[]> {
    let pending = this.owned.get(identity);
    if (!pending) {
      pending = findOwnedPermissions(this.db, identity.type as 'user' | 'robot' | 'client', identity.id);
      this.owned.set(identity, pending);
    }
    return pending;
  }
}
