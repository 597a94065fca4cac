import { expect } from 'vitest';
import { z } from 'zod';
import { PolicyError } from '../src/errors.ts';
import type { PolicyErrorCode } from '../src/errors.ts';
import { defineEvaluator } from '../src/evaluators/types.ts';

/**
 * Test-only evaluator of type `fixed`: returns `value` and records its `label` in `log`, so tests
 * can drive composites and see the evaluation order.
 */
export function createFixedEvaluator(log: string[] = []) {
  return defineEvaluator({
    type: 'fixed',
    schema: z.object({ type: z.literal('fixed'), value: z.boolean(), label: z.string().optional() }),
    prepare: (config) => ({ success: true, data: config }),
    evaluate(config) {
      log.push(config.label ?? String(config.value));
      return config.value;
    },
  });
}

export const pass = (label?: string) => ({ type: 'fixed', value: true, ...(label ? { label } : {}) });
export const fail = (label?: string) => ({ type: 'fixed', value: false, ...(label ? { label } : {}) });

/** Awaits a rejection and checks it is a PolicyError with the code (and issue paths, if given). */
export async function expectPolicyError(
  promise: Promise<unknown>,
  code: PolicyErrorCode,
  issuePaths?: string[],
): Promise<PolicyError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PolicyError);
  const policyError = error as PolicyError;
  expect(policyError.code).toBe(code);
  expect(policyError.statusCode).toBe(400);
  if (issuePaths) expect(policyError.issues.map((issue) => issue.path)).toEqual(issuePaths);
  return policyError;
}
