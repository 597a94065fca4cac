/** Types of the policies built into the engine. */
export const BuiltInPolicyType = {
  COMPOSITE: 'composite',
  DATE: 'date',
  TIME: 'time',
  ATTRIBUTE_NAMES: 'attributeNames',
  ATTRIBUTES: 'attributes',
  REALM_MATCH: 'realmMatch',
  IDENTITY: 'identity',
  PERMISSION_BINDING: 'permissionBinding',
} as const;

export type BuiltInPolicyType = (typeof BuiltInPolicyType)[keyof typeof BuiltInPolicyType];

export const BUILT_IN_POLICY_TYPES: readonly BuiltInPolicyType[] = Object.values(BuiltInPolicyType);

/**
 * How several outcomes (composite children, realm attributes, permissions) combine into one:
 * unanimous needs all to pass, affirmative one, consensus more passes than failures (a tie fails).
 */
export const DecisionStrategy = {
  UNANIMOUS: 'unanimous',
  AFFIRMATIVE: 'affirmative',
  CONSENSUS: 'consensus',
} as const;

export type DecisionStrategy = (typeof DecisionStrategy)[keyof typeof DecisionStrategy];

export const DECISION_STRATEGIES = Object.values(DecisionStrategy) as [
  DecisionStrategy,
  ...DecisionStrategy[],
];

/** Repetition of a time policy window. */
export const TimeInterval = {
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
  YEARLY: 'yearly',
} as const;

export type TimeInterval = (typeof TimeInterval)[keyof typeof TimeInterval];

export const TIME_INTERVALS = Object.values(TimeInterval) as [TimeInterval, ...TimeInterval[]];

/** Name of the root realm; its identities pass realmMatch policies unless configured otherwise. */
export const MASTER_REALM_NAME = 'master';

/**
 * Policy types a pre-check skips: they need the record (attributes) that does not exist yet when an
 * interface element or a request is gated before its body is known.
 */
export const PRE_CHECK_EXCLUDED_POLICY_TYPES: readonly string[] = [
  BuiltInPolicyType.ATTRIBUTES,
  BuiltInPolicyType.ATTRIBUTE_NAMES,
  BuiltInPolicyType.REALM_MATCH,
];
