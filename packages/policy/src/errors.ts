import type { PolicyConfig, PolicyIssue } from './types.ts';

export const PolicyErrorCode = {
  EVALUATOR_NOT_FOUND: 'policy_evaluator_not_found',
  EVALUATOR_NOT_PROCESSABLE: 'policy_evaluator_not_processable',
  EVALUATOR_CONTEXT_INVALID: 'policy_evaluator_context_invalid',
} as const;

export type PolicyErrorCode = (typeof PolicyErrorCode)[keyof typeof PolicyErrorCode];

export const PermissionErrorCode = {
  NOT_FOUND: 'permission_not_found',
  DENIED: 'permission_denied',
  EVALUATION_FAILED: 'permission_evaluation_failed',
} as const;

export type PermissionErrorCode = (typeof PermissionErrorCode)[keyof typeof PermissionErrorCode];

/** The body the server sends for an access error. */
export type AccessErrorBody = { statusCode: number; code: string; message: string };

/** Base of every error of this package: a stable `code` and the HTTP `statusCode` to answer with. */
export abstract class AccessError extends Error {
  abstract readonly code: string;
  abstract readonly statusCode: number;

  toJSON(): AccessErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.message };
  }
}

/**
 * A policy could not be evaluated: unknown type, invalid configuration, or an input that lacks what
 * the policy needs. Answered with 400; the permission checker turns it into
 * `permission_evaluation_failed`.
 */
export class PolicyError extends AccessError {
  override readonly name = 'PolicyError';
  readonly statusCode = 400;
  readonly code: PolicyErrorCode;
  readonly issues: PolicyIssue[];
  /** The policy (sub-)configuration that raised the error. */
  policy: PolicyConfig | undefined;

  constructor(code: PolicyErrorCode, message: string, issues: PolicyIssue[] = []) {
    super(message);
    this.code = code;
    this.issues = issues;
  }

  static evaluatorNotFound(type: string): PolicyError {
    return new PolicyError(
      PolicyErrorCode.EVALUATOR_NOT_FOUND,
      `No evaluator is registered to handle the policy: ${type}`,
      [{ path: 'type', code: 'unknown_type', message: `Unknown policy type: ${type}` }],
    );
  }

  static evaluatorNotProcessable(issues: PolicyIssue[] = []): PolicyError {
    return new PolicyError(
      PolicyErrorCode.EVALUATOR_NOT_PROCESSABLE,
      'The evaluator can not process the policy.',
      issues,
    );
  }

  static evaluatorContextInvalid(issues: PolicyIssue[] = []): PolicyError {
    return new PolicyError(
      PolicyErrorCode.EVALUATOR_CONTEXT_INVALID,
      'The evaluator context is not valid.',
      issues,
    );
  }
}

export type PermissionErrorOptions = {
  /** The names the error is about. */
  permissions: string[];
  /** For an evaluation failure: the policy that denied or raised the error. */
  policy?: PolicyConfig | undefined;
  /** For an evaluation failure caused by an error rather than a denial. */
  policyError?: PolicyError | undefined;
  statusCode?: number;
};

/** A permission check did not grant access. 403, or 401 when the identity policy denied. */
export class PermissionError extends AccessError {
  override readonly name = 'PermissionError';
  readonly code: PermissionErrorCode;
  readonly statusCode: number;
  readonly permissions: string[];
  readonly policy: PolicyConfig | undefined;
  readonly policyError: PolicyError | undefined;

  constructor(code: PermissionErrorCode, message: string, options: PermissionErrorOptions) {
    super(message, options.policyError ? { cause: options.policyError } : undefined);
    this.code = code;
    this.statusCode = options.statusCode ?? 403;
    this.permissions = options.permissions;
    this.policy = options.policy;
    this.policyError = options.policyError;
  }

  static notFound(name: string): PermissionError {
    return new PermissionError(PermissionErrorCode.NOT_FOUND, `The permission ${name} was not found.`, {
      permissions: [name],
    });
  }

  /** One permission was not granted (for callers; the checker reports evaluation failures). */
  static denied(name: string): PermissionError {
    return new PermissionError(PermissionErrorCode.DENIED, `The permission ${name} has not been granted.`, {
      permissions: [name],
    });
  }

  /** None (or, for consensus, not enough) of several permissions was granted. */
  static noneGranted(names: string[]): PermissionError {
    return new PermissionError(
      PermissionErrorCode.DENIED,
      `None of the permissions ${names.join(', ')} has been granted.`,
      { permissions: names },
    );
  }

  static evaluationFailed(
    name: string,
    options: {
      policy?: PolicyConfig | undefined;
      policyError?: PolicyError | undefined;
      statusCode?: number;
    } = {},
  ): PermissionError {
    return new PermissionError(
      PermissionErrorCode.EVALUATION_FAILED,
      `The evaluation of permission ${name} failed.`,
      { permissions: [name], ...options },
    );
  }
}

export function isPolicyError(value: unknown): value is PolicyError {
  return value instanceof PolicyError;
}

export function isPermissionError(value: unknown): value is PermissionError {
  return value instanceof PermissionError;
}
