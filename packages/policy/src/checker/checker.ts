import { BuiltInPolicyType, DecisionStrategy, PRE_CHECK_EXCLUDED_POLICY_TYPES } from '../constants.ts';
import { DecisionTally } from '../decision.ts';
import { PolicyEngine } from '../engine.ts';
import { PermissionError, PolicyError } from '../errors.ts';
import type {
  PermissionCheckContext,
  PermissionCheckOptions,
  PermissionItem,
  PermissionProvider,
} from './types.ts';

export type PermissionCheckerOptions = {
  provider: PermissionProvider;
  /** Default: an engine with the built-in evaluators and no permission binding provider. */
  engine?: PolicyEngine | undefined;
  /** Realm and client the permissions are looked up in; default null (global permissions). */
  realmId?: string | null | undefined;
  clientId?: string | null | undefined;
};

function namesOf(name: string | readonly string[]): readonly string[] {
  const names = typeof name === 'string' ? [name] : name;
  if (names.length === 0) throw new TypeError('At least one permission name is required.');
  return names;
}

function withExcluded(
  options: PermissionCheckOptions | undefined,
  excluded: readonly string[],
): PermissionCheckOptions {
  return {
    ...options,
    policiesExcluded: [...(options?.policiesExcluded ?? []), ...excluded],
  };
}

/**
 * Decides whether permissions are granted, by evaluating each permission's policy with the
 * engine. Every method resolves when access is granted and rejects with a `PermissionError`
 * otherwise:
 * - `permission_not_found` (403): the provider does not know the permission;
 * - `permission_evaluation_failed` (403; 401 when the policy that failed is an identity policy, i.e.
 *   nobody or the wrong kind of identity is authenticated): the policy failed or could not be
 *   evaluated (`policyError` then holds the `PolicyError`);
 * - `permission_denied` (403), "None of the permissions a, b has been granted.": several names
 *   were asked and not enough of them were granted (unless one failed with 401, which is thrown).
 * With one name, or the unanimous strategy, the first failure is thrown as is.
 * A permission without policy is granted.
 */
export class PermissionChecker {
  private readonly provider: PermissionProvider;
  private readonly engine: PolicyEngine;
  private readonly realmId: string | null;
  private readonly clientId: string | null;

  constructor(options: PermissionCheckerOptions) {
    this.provider = options.provider;
    this.engine = options.engine ?? new PolicyEngine();
    this.realmId = options.realmId ?? null;
    this.clientId = options.clientId ?? null;
  }

  /** All named permissions (or as the decision strategy says) must be granted. */
  async check(context: PermissionCheckContext): Promise<void> {
    const names = namesOf(context.name);
    const strategy = context.options?.decisionStrategy ?? DecisionStrategy.UNANIMOUS;
    const tally = new DecisionTally(strategy);
    const failures: PermissionError[] = [];

    for (const name of names) {
      const failure = await this.checkOne(name, context);
      if (failure) {
        if (strategy === DecisionStrategy.UNANIMOUS) throw failure;
        failures.push(failure);
      }
      if (tally.add(failure === undefined) === true) return;
    }
    if (tally.result()) return;

    const [first] = failures as [PermissionError, ...PermissionError[]];
    if (names.length === 1) throw first;
    throw failures.find((failure) => failure.statusCode === 401) ?? PermissionError.noneGranted([...names]);
  }

  /** At least one of the named permissions must be granted. */
  checkOneOf(context: PermissionCheckContext): Promise<void> {
    return this.check({
      ...context,
      options: { ...context.options, decisionStrategy: DecisionStrategy.AFFIRMATIVE },
    });
  }

  /**
   * `check` before the record exists: attributes, attributeNames and realmMatch policies are
   * skipped (they pass).
   */
  preCheck(context: PermissionCheckContext): Promise<void> {
    return this.check({
      ...context,
      options: withExcluded(context.options, PRE_CHECK_EXCLUDED_POLICY_TYPES),
    });
  }

  /** `checkOneOf` in pre-check mode. */
  preCheckOneOf(context: PermissionCheckContext): Promise<void> {
    return this.check({
      ...context,
      options: {
        ...withExcluded(context.options, PRE_CHECK_EXCLUDED_POLICY_TYPES),
        decisionStrategy: DecisionStrategy.AFFIRMATIVE,
      },
    });
  }

  /** Undefined when granted, else the error saying why not. */
  private async checkOne(
    name: string,
    context: PermissionCheckContext,
  ): Promise<PermissionError | undefined> {
    const item: PermissionItem | null | undefined = await this.provider.get({
      name,
      realmId: this.realmId,
      clientId: this.clientId,
    });
    if (!item) return PermissionError.notFound(name);
    if (!item.policy) return undefined;

    try {
      const decision = await this.engine.decide(
        item.policy,
        {
          ...context.input,
          permission: { name: item.name, realmId: item.realmId ?? null, clientId: item.clientId ?? null },
        },
        { include: context.options?.policiesIncluded, exclude: context.options?.policiesExcluded },
      );
      if (decision.granted) return undefined;
      const failed = decision.failedPolicy;
      // A (non-inverted) identity policy fails when nobody, or the wrong kind of identity, is
      // authenticated: 401 tells the caller to authenticate.
      const unauthenticated = failed?.type === BuiltInPolicyType.IDENTITY && failed.invert !== true;
      return PermissionError.evaluationFailed(name, {
        policy: failed,
        statusCode: unauthenticated ? 401 : 403,
      });
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      return PermissionError.evaluationFailed(name, { policy: error.policy, policyError: error });
    }
  }
}
