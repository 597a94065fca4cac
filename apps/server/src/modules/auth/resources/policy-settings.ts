import {
  AttributeNamesPolicySchema,
  AttributesPolicySchema,
  BuiltInPolicyType,
  DatePolicySchema,
  DecisionStrategySchema,
  IdentityPolicySchema,
  PermissionBindingPolicySchema,
  RealmMatchPolicySchema,
  TimePolicySchema,
} from '@federa/policy';
import { z } from 'zod';
import { validationFailed } from '#platform/http/errors.ts';
import type { Row } from '#platform/http/resource/index.ts';

/** Fields every policy has; everything else in a policy body is a setting of its type. */
export const POLICY_BASE_FIELDS = [
  'id',
  'name',
  'display_name',
  'description',
  'type',
  'invert',
  'parent_id',
  'realm_id',
  'built_in',
  'created_at',
  'updated_at',
] as const;

const withoutBase = <T extends z.ZodObject>(schema: T) =>
  schema.omit({ type: true, invert: true } as never).strict();

/**
 * The settings of each policy type, as stored. A composite's children are policies of their own
 * (rows with parent_id), so only its decision strategy is a setting.
 */
const SETTINGS: Record<string, z.ZodType<Row>> = {
  [BuiltInPolicyType.COMPOSITE]: z.object({ decisionStrategy: DecisionStrategySchema.nullish() }).strict(),
  [BuiltInPolicyType.DATE]: withoutBase(DatePolicySchema),
  [BuiltInPolicyType.TIME]: withoutBase(TimePolicySchema),
  [BuiltInPolicyType.ATTRIBUTE_NAMES]: withoutBase(AttributeNamesPolicySchema),
  [BuiltInPolicyType.ATTRIBUTES]: withoutBase(AttributesPolicySchema),
  [BuiltInPolicyType.IDENTITY]: withoutBase(IdentityPolicySchema),
  [BuiltInPolicyType.REALM_MATCH]: withoutBase(RealmMatchPolicySchema),
  [BuiltInPolicyType.PERMISSION_BINDING]: withoutBase(PermissionBindingPolicySchema),
};

export const POLICY_TYPES = Object.keys(SETTINGS);

/** Splits a flat policy body into its common fields and its type's settings. */
export function splitPolicyBody(body: Row): { base: Row; settings: Row } {
  const base: Row = {};
  const settings: Row = {};
  for (const [key, value] of Object.entries(body)) {
    if ((POLICY_BASE_FIELDS as readonly string[]).includes(key)) base[key] = value;
    else settings[key] = value;
  }
  return { base, settings };
}

/** Validates the settings of a policy type; a 400 naming each invalid setting otherwise. */
export function validatePolicySettings(type: string, settings: Row): Row {
  const schema = SETTINGS[type];
  if (!schema) {
    throw validationFailed([
      { path: 'type', code: 'invalid_value', message: `The policy type ${type} is not supported.` },
    ]);
  }
  // Null settings mean "not set"; they are dropped rather than stored.
  const present = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== null));
  const result = schema.safeParse(present);
  if (!result.success) {
    throw validationFailed(
      result.error.issues.map((issue) => ({
        path:
          issue.path.map(String).join('.') ||
          (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : ''),
        code: issue.code,
        message: issue.message,
      })),
    );
  }
  return Object.fromEntries(
    Object.entries(result.data).filter(([, value]) => value !== undefined && value !== null),
  );
}
