import { BuiltInPolicyType, DecisionStrategy } from '../constants.ts';
import { CompositePolicySchema } from '../config/composite.ts';
import { DecisionTally } from '../decision.ts';
import type { PolicyConfig } from '../types.ts';
import { defineEvaluator } from './types.ts';

type PreparedComposite = { strategy: DecisionStrategy; children: readonly PolicyConfig[] };

/** Evaluates the children in order; a child's error propagates and ends the evaluation. */
export const compositeEvaluator = defineEvaluator({
  type: BuiltInPolicyType.COMPOSITE,
  schema: CompositePolicySchema,
  prepare: (config, raw) => ({
    success: true,
    data: {
      strategy: config.decisionStrategy ?? DecisionStrategy.UNANIMOUS,
      // The given child objects, not zod's copies: their validation is cached per object.
      children: raw.children as PolicyConfig[],
    } satisfies PreparedComposite,
  }),
  async evaluate(config, context) {
    const tally = new DecisionTally(config.strategy);
    for (const child of config.children) {
      const decided = tally.add(await context.evaluate(child));
      if (decided !== undefined) return decided;
    }
    return tally.result();
  },
  children: (config) => config.children,
});
