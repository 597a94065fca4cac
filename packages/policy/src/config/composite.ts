import { z } from 'zod';
import { DecisionStrategySchema, invertSchema } from './common.ts';

/**
 * Combines child policies under a decision strategy (default unanimous). Children are validated
 * here only for their type; each child is validated by its own evaluator.
 */
export const CompositePolicySchema = z.object({
  type: z.literal('composite'),
  invert: invertSchema,
  decisionStrategy: DecisionStrategySchema.nullish(),
  children: z
    .array(
      z.looseObject({
        type: z.string().min(3, 'The type of a child policy must be at least 3 characters long.'),
      }),
      'The children of a composite policy must be an array.',
    )
    .min(1, 'A composite policy needs at least one child policy.'),
});

export type CompositePolicy = z.input<typeof CompositePolicySchema>;
