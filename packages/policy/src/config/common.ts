import { z } from 'zod';
import { DECISION_STRATEGIES } from '../constants.ts';
import type { PolicyIssue } from '../types.ts';

/** `invert` of every policy: negates the outcome. */
export const invertSchema = z.boolean().nullish();

export const DecisionStrategySchema = z.enum(DECISION_STRATEGIES, {
  error: `The decision strategy must be one of: ${DECISION_STRATEGIES.join(', ')}.`,
});

/** Turns zod issues into the package's issue shape (dot paths). */
export function toPolicyIssues(error: z.ZodError): PolicyIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
  }));
}
