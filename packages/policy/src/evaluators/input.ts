import { PolicyError } from '../errors.ts';
import type { PolicyIdentity, PolicyPermission } from '../types.ts';
import type { PolicyEvaluationContext } from './types.ts';

/** The input attributes, or a context error naming the policy type that needs them. */
export function requireAttributes(context: PolicyEvaluationContext, type: string): Record<string, unknown> {
  const { attributes } = context.input;
  if (attributes === undefined) {
    throw PolicyError.evaluatorContextInvalid([
      { path: 'attributes', code: 'required', message: `The ${type} policy needs input attributes.` },
    ]);
  }
  // The engine has checked that the attributes are a non-array object.
  return attributes as Record<string, unknown>;
}

export function requireIdentity(context: PolicyEvaluationContext, type: string): PolicyIdentity {
  const { identity } = context.input;
  if (identity === undefined) {
    throw PolicyError.evaluatorContextInvalid([
      { path: 'identity', code: 'required', message: `The ${type} policy needs an input identity.` },
    ]);
  }
  return identity;
}

export function requirePermission(context: PolicyEvaluationContext, type: string): PolicyPermission {
  const { permission } = context.input;
  if (permission === undefined) {
    throw PolicyError.evaluatorContextInvalid([
      { path: 'permission', code: 'required', message: `The ${type} policy needs an input permission.` },
    ]);
  }
  return permission;
}
