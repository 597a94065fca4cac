import { PolicyError } from './errors.ts';
import { builtInEvaluators } from './evaluators/index.ts';
import type {
  PermissionBindingProvider,
  PolicyEvaluationContext,
  PolicyEvaluator,
} from './evaluators/types.ts';
import { validateInput } from './input.ts';
import { isValidTimeZone } from './time/wall-clock.ts';
import type { PolicyConfig, PolicyEvaluationOptions, PolicyInput, PolicyIssue } from './types.ts';

export type PolicyEngineOptions = {
  /** Evaluators of further policy types; one of a built-in type replaces the built-in. */
  evaluators?: readonly PolicyEvaluator[];
  /** Answers permissionBinding policies; without it they fail with policy_evaluator_not_processable. */
  permissionBindings?: PermissionBindingProvider;
  /** IANA time zone of date and time policies (e.g. `Europe/Berlin`); default: the process's. */
  timeZone?: string;
};

/** The outcome of an evaluation and, when it failed, the policy that decided it. */
export type PolicyDecision = {
  granted: boolean;
  /**
   * The innermost policy whose failure made the evaluation fail: the first failing child of a
   * unanimous composite, an inverted policy that passed … Undefined when granted.
   */
  failedPolicy: PolicyConfig | undefined;
};

function isPolicyConfig(value: unknown): value is PolicyConfig {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

const NOT_A_POLICY: PolicyIssue = {
  path: 'type',
  code: 'invalid_type',
  message: 'A policy must be an object with a string type.',
};

function prefixIssues(issues: PolicyIssue[], prefix: string): PolicyIssue[] {
  if (prefix === '') return issues;
  return issues.map((issue) => ({
    ...issue,
    path: issue.path === '' ? prefix : `${prefix}.${issue.path}`,
  }));
}

/** The state of one evaluation: input, options, and the failing policy found so far. */
class Evaluation implements PolicyEvaluationContext {
  failed: PolicyConfig | undefined;
  private bindingDepth = 0;
  private instant: Date | undefined;

  constructor(
    private readonly engine: PolicyEngine,
    readonly input: PolicyInput,
    instant: Date | undefined,
    private readonly include: readonly string[] | undefined,
    private readonly exclude: readonly string[] | undefined,
  ) {
    this.instant = instant;
  }

  get timeZone(): string | undefined {
    return this.engine.timeZone;
  }

  get permissionBindings(): PermissionBindingProvider | undefined {
    return this.engine.permissionBindings;
  }

  get isWithinBinding(): boolean {
    return this.bindingDepth > 0;
  }

  now(): Date {
    this.instant ??= new Date();
    return this.instant;
  }

  private isSkipped(type: string): boolean {
    if (this.exclude !== undefined && this.exclude.includes(type)) return true;
    return this.include !== undefined && this.include.length > 0 && !this.include.includes(type);
  }

  async evaluate(config: PolicyConfig): Promise<boolean> {
    if (!isPolicyConfig(config)) throw PolicyError.evaluatorNotProcessable([NOT_A_POLICY]);
    const invert = config.invert === true;
    const before = this.failed;

    // A skipped policy passes whether or not it is inverted. (The original inverted skipped policies
    // too, so a pre-check denied what the full check could grant; that is a bug not reproduced.)
    if (this.isSkipped(config.type)) return true;

    let passed: boolean;
    {
      const evaluator = this.engine.evaluatorOf(config.type, config);
      const parsed = evaluator.parse(config);
      if (!parsed.success) {
        const error = PolicyError.evaluatorNotProcessable(parsed.issues);
        error.policy = config;
        throw error;
      }
      try {
        passed = await evaluator.evaluate(parsed.data, this);
      } catch (error) {
        if (error instanceof PolicyError) error.policy ??= config;
        throw error;
      }
    }

    const outcome = invert ? !passed : passed;
    if (outcome) {
      // Failures inside a policy that passed as a whole explain nothing.
      this.failed = before;
    } else if (passed || this.failed === before) {
      this.failed = config;
    }
    return outcome;
  }

  async withinBinding<T>(fn: () => Promise<T>): Promise<T> {
    this.bindingDepth += 1;
    try {
      return await fn();
    } finally {
      this.bindingDepth -= 1;
    }
  }
}

/**
 * Evaluates policy configurations against an input. Pure: no I/O beyond what a caller-supplied
 * permission binding provider does. Configurations are validated on first use and the result is
 * cached per configuration object, so treat configurations as immutable once evaluated.
 *
 * Errors (`PolicyError`): `policy_evaluator_not_found` for an unknown type,
 * `policy_evaluator_not_processable` for an invalid configuration, `policy_evaluator_context_invalid`
 * for a malformed input or one that lacks what a policy needs. A composite child's error ends the
 * evaluation. Other errors (e.g. of a provider) propagate unchanged.
 *
 * With `include`/`exclude`, skipped policies pass, inverted or not; the options apply to composite
 * children too.
 */
export class PolicyEngine {
  readonly timeZone: string | undefined;
  readonly permissionBindings: PermissionBindingProvider | undefined;
  private readonly evaluators = new Map<string, PolicyEvaluator>();

  constructor(options: PolicyEngineOptions = {}) {
    if (options.timeZone !== undefined && !isValidTimeZone(options.timeZone)) {
      throw new RangeError(`Unknown time zone: ${options.timeZone}`);
    }
    this.timeZone = options.timeZone;
    this.permissionBindings = options.permissionBindings;
    for (const evaluator of builtInEvaluators) this.register(evaluator);
    for (const evaluator of options.evaluators ?? []) this.register(evaluator);
  }

  /** Adds an evaluator; it replaces any evaluator of the same type. */
  register(evaluator: PolicyEvaluator): this {
    this.evaluators.set(evaluator.type, evaluator);
    return this;
  }

  has(type: string): boolean {
    return this.evaluators.has(type);
  }

  /** The evaluator of a type, or `policy_evaluator_not_found` (naming `config` as its policy). */
  evaluatorOf(type: string, config?: PolicyConfig): PolicyEvaluator {
    const evaluator = this.evaluators.get(type);
    if (!evaluator) {
      const error = PolicyError.evaluatorNotFound(type);
      error.policy = config;
      throw error;
    }
    return evaluator;
  }

  /** Whether the policy passes for the input. */
  async evaluate(
    config: PolicyConfig,
    input: PolicyInput = {},
    options: PolicyEvaluationOptions = {},
  ): Promise<boolean> {
    return (await this.decide(config, input, options)).granted;
  }

  /** Like `evaluate`, and names the policy that made the evaluation fail. */
  async decide(
    config: PolicyConfig,
    input: PolicyInput = {},
    options: PolicyEvaluationOptions = {},
  ): Promise<PolicyDecision> {
    const instant = validateInput(input);
    const evaluation = new Evaluation(this, input, instant, options.include, options.exclude);
    const granted = await evaluation.evaluate(config);
    return { granted, failedPolicy: granted ? undefined : evaluation.failed };
  }

  /**
   * Validates a configuration and all nested ones (composite children), reporting every issue with
   * its path, e.g. `children.1.dayOfWeek`. Throws `policy_evaluator_not_found` for an unknown type
   * at the top, `policy_evaluator_not_processable` for anything else.
   */
  validate(config: unknown): void {
    if (isPolicyConfig(config)) this.evaluatorOf(config.type);
    const issues = this.collectIssues(config, '');
    if (issues.length > 0) throw PolicyError.evaluatorNotProcessable(issues);
  }

  private collectIssues(config: unknown, path: string): PolicyIssue[] {
    if (!isPolicyConfig(config)) return prefixIssues([NOT_A_POLICY], path);
    const evaluator = this.evaluators.get(config.type);
    if (!evaluator) {
      return [
        {
          path: path === '' ? 'type' : `${path}.type`,
          code: 'unknown_type',
          message: `No evaluator is registered to handle the policy: ${config.type}`,
        },
      ];
    }
    const parsed = evaluator.parse(config);
    if (!parsed.success) return prefixIssues(parsed.issues, path);

    const children = evaluator.children?.(parsed.data) ?? [];
    return children.flatMap((child, index) =>
      this.collectIssues(child, path === '' ? `children.${index}` : `${path}.children.${index}`),
    );
  }
}
