import { PolicyError } from './errors.ts';
import type { PolicyIssue } from './types.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

function checkIdentity(identity: unknown, issues: PolicyIssue[]): void {
  if (!isObject(identity)) {
    issues.push({ path: 'identity', code: 'invalid_type', message: 'The identity must be an object.' });
    return;
  }
  if (typeof identity.type !== 'string' || identity.type.length === 0) {
    issues.push({
      path: 'identity.type',
      code: 'invalid_type',
      message: 'The identity type must be a non-empty string.',
    });
  }
  if (typeof identity.id !== 'string' || identity.id.length === 0) {
    issues.push({
      path: 'identity.id',
      code: 'invalid_type',
      message: 'The identity id must be a non-empty string.',
    });
  }
  for (const key of ['realmId', 'realmName', 'clientId'] as const) {
    if (!isOptionalString(identity[key])) {
      issues.push({
        path: `identity.${key}`,
        code: 'invalid_type',
        message: `The identity ${key} must be a string or null.`,
      });
    }
  }
}

function checkPermission(permission: unknown, issues: PolicyIssue[]): void {
  if (!isObject(permission)) {
    issues.push({ path: 'permission', code: 'invalid_type', message: 'The permission must be an object.' });
    return;
  }
  if (typeof permission.name !== 'string' || permission.name.length === 0) {
    issues.push({
      path: 'permission.name',
      code: 'invalid_type',
      message: 'The permission name must be a non-empty string.',
    });
  }
  for (const key of ['realmId', 'clientId'] as const) {
    if (!isOptionalString(permission[key])) {
      issues.push({
        path: `permission.${key}`,
        code: 'invalid_type',
        message: `The permission ${key} must be a string or null.`,
      });
    }
  }
}

/** The instant of `input.dateTime`, or undefined when it is not a valid date. */
export function toInstant(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Checks the shape of an evaluation input (what is present must be well-formed; what a policy
 * needs but is absent is reported by that policy). Throws `policy_evaluator_context_invalid`.
 * Returns the instant to evaluate date and time policies at, when the input gives one.
 */
export function validateInput(input: unknown): Date | undefined {
  if (!isObject(input)) {
    throw PolicyError.evaluatorContextInvalid([
      { path: '', code: 'invalid_type', message: 'The input must be an object.' },
    ]);
  }

  const issues: PolicyIssue[] = [];
  if (input.identity !== undefined) checkIdentity(input.identity, issues);
  if (input.permission !== undefined) checkPermission(input.permission, issues);
  if (input.attributes !== undefined && !isObject(input.attributes)) {
    issues.push({ path: 'attributes', code: 'invalid_type', message: 'The attributes must be an object.' });
  }

  let instant: Date | undefined;
  if (input.dateTime !== undefined) {
    instant = toInstant(input.dateTime);
    if (!instant) {
      issues.push({ path: 'dateTime', code: 'invalid_date', message: 'The dateTime must be a valid date.' });
    }
  }

  if (issues.length > 0) throw PolicyError.evaluatorContextInvalid(issues);
  return instant;
}
