export type MaybePromise<T> = T | Promise<T>;

/**
 * Any policy configuration: the built-in ones (see `config/`) and those of custom evaluators. The
 * engine picks the evaluator by `type`; `invert` negates the policy's outcome.
 */
export type PolicyConfig = {
  type: string;
  invert?: boolean | null | undefined;
  [key: string]: unknown;
};

/** Who is asking. */
export type PolicyIdentity = {
  /** `user`, `robot` or `client`. */
  type: string;
  id: string;
  realmId?: string | null | undefined;
  realmName?: string | null | undefined;
  clientId?: string | null | undefined;
};

/** The permission being checked (set by the permission checker). */
export type PolicyPermission = {
  name: string;
  realmId?: string | null | undefined;
  clientId?: string | null | undefined;
};

/** Everything a policy can look at. */
export type PolicyInput = {
  identity?: PolicyIdentity | undefined;
  /** The record the action reads or writes, e.g. `{ ...entity, ...body }` (a plain object). */
  attributes?: object | undefined;
  permission?: PolicyPermission | undefined;
  /** The moment to evaluate date and time policies at (Date, epoch ms or a parseable string); default now. */
  dateTime?: Date | string | number | undefined;
};

/** Restricts which policy types are evaluated; a skipped policy passes (see `PolicyEngine`). */
export type PolicyEvaluationOptions = {
  /** When non-empty, only these types are evaluated (composite children included). */
  include?: readonly string[] | undefined;
  /** These types are skipped. */
  exclude?: readonly string[] | undefined;
};

/** One reason why a policy configuration or an evaluation input was rejected. */
export type PolicyIssue = {
  /** Dot path of the offending field, e.g. `children.0.type` or `attributes`. */
  path: string;
  code: string;
  message: string;
};
