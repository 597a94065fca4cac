import type { z } from 'zod';
import { toPolicyIssues } from '../config/common.ts';
import type {
  MaybePromise,
  PolicyConfig,
  PolicyIdentity,
  PolicyInput,
  PolicyIssue,
  PolicyPermission,
} from '../types.ts';

/** One binding through which an identity holds a permission; its policy, if any, must pass too. */
export type PermissionBinding = { policy?: PolicyConfig | null | undefined };

/**
 * Answers the permissionBinding policy: does this identity hold this permission, and under which
 * policies? Supplied by the caller (the server reads the identity's own and its roles' permissions).
 */
export interface PermissionBindingProvider {
  /**
   * The bindings through which `identity` holds `permission`: same name, same realm id and same
   * client id (a missing id counts as null). Empty when it holds none.
   */
  getBindings(
    identity: PolicyIdentity,
    permission: PolicyPermission,
  ): MaybePromise<readonly PermissionBinding[]>;
}

/** What an evaluator sees while evaluating one policy. */
export interface PolicyEvaluationContext {
  /** The validated input. */
  readonly input: PolicyInput;
  /** IANA time zone of date and time policies; undefined = the process's time zone. */
  readonly timeZone: string | undefined;
  readonly permissionBindings: PermissionBindingProvider | undefined;
  /** The instant to evaluate date and time policies at: input.dateTime, or when evaluation began. */
  now(): Date;
  /** Evaluates a nested policy with the same input and options (invert, include/exclude apply). */
  evaluate(config: PolicyConfig): Promise<boolean>;
  /** Runs `fn` with permissionBinding policies inside it treated as already satisfied. */
  withinBinding<T>(fn: () => Promise<T>): Promise<T>;
  /** True while the policies of a permission binding are evaluated. */
  readonly isWithinBinding: boolean;
}

export type PolicyParseResult<T> = { success: true; data: T } | { success: false; issues: PolicyIssue[] };

/**
 * Evaluates one policy type. The engine applies `invert` and the include/exclude options; an
 * evaluator returns the raw outcome and throws a `PolicyError` when the input lacks what it needs.
 */
export interface PolicyEvaluator<T = unknown> {
  readonly type: string;
  /** Validates a configuration and prepares it for evaluation. */
  parse(config: PolicyConfig): PolicyParseResult<T>;
  evaluate(config: T, context: PolicyEvaluationContext): MaybePromise<boolean>;
  /** Nested configurations, for deep validation (composite children). */
  children?(config: T): readonly PolicyConfig[];
}

type EvaluatorDefinition<S extends z.ZodType, T> = {
  type: string;
  schema: S;
  /**
   * Turns the validated configuration into what `evaluate` works on; may report more issues.
   * `raw` is the configuration as given (zod copies objects, e.g. composite children).
   */
  prepare: (config: z.output<S>, raw: PolicyConfig) => PolicyParseResult<T>;
  evaluate: (config: T, context: PolicyEvaluationContext) => MaybePromise<boolean>;
  children?: (config: T) => readonly PolicyConfig[];
};

/**
 * Builds an evaluator from a zod schema. Parse results are cached per configuration object, so a
 * configuration must not be changed after it has been evaluated (build a new object instead).
 */
export function defineEvaluator<S extends z.ZodType, T>(
  definition: EvaluatorDefinition<S, T>,
): PolicyEvaluator<T> {
  const cache = new WeakMap<object, T>();
  return {
    type: definition.type,
    parse(config) {
      const cached = cache.get(config);
      if (cached !== undefined) return { success: true, data: cached };

      const parsed = definition.schema.safeParse(config);
      if (!parsed.success) return { success: false, issues: toPolicyIssues(parsed.error) };
      const prepared = definition.prepare(parsed.data, config);
      if (prepared.success) cache.set(config, prepared.data);
      return prepared;
    },
    evaluate: definition.evaluate,
    ...(definition.children ? { children: definition.children } : {}),
  };
}
