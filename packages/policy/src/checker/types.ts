import type { DecisionStrategy } from '../constants.ts';
import type { MaybePromise, PolicyConfig, PolicyInput } from '../types.ts';

/** A permission as the checker sees it: its identifying triple and its policy, if any. */
export type PermissionItem = {
  name: string;
  realmId?: string | null | undefined;
  clientId?: string | null | undefined;
  /** Without a policy the permission is granted to anyone who asks. */
  policy?: PolicyConfig | null | undefined;
};

export type PermissionLookup = {
  name: string;
  realmId?: string | null | undefined;
  clientId?: string | null | undefined;
};

/** Finds permissions by name, realm and client (a missing id counts as null). */
export interface PermissionProvider {
  get(lookup: PermissionLookup): MaybePromise<PermissionItem | null | undefined>;
}

export type PermissionCheckOptions = {
  /** How the outcomes of several permissions combine; default unanimous. */
  decisionStrategy?: DecisionStrategy | undefined;
  /** Only these policy types are evaluated (others pass). */
  policiesIncluded?: readonly string[] | undefined;
  /** These policy types are skipped (they pass). */
  policiesExcluded?: readonly string[] | undefined;
};

export type PermissionCheckContext = {
  /** One permission name or several. */
  name: string | readonly string[];
  /** Identity, record attributes, date … The checker sets `permission` itself. */
  input?: Omit<PolicyInput, 'permission'> | undefined;
  options?: PermissionCheckOptions | undefined;
};
