import { DecisionStrategy } from './constants.ts';

/**
 * Counts outcomes under a decision strategy, in the order they are produced. `add` returns the
 * final decision as soon as it is certain (affirmative: first pass; unanimous: first failure), so
 * callers can stop early; `result` gives the decision once everything has been added: more passes
 * than failures, hence a consensus tie and an empty tally fail.
 */
export class DecisionTally {
  private count = 0;

  constructor(private readonly strategy: DecisionStrategy) {}

  add(passed: boolean): boolean | undefined {
    if (passed) {
      if (this.strategy === DecisionStrategy.AFFIRMATIVE) return true;
      this.count += 1;
    } else {
      if (this.strategy === DecisionStrategy.UNANIMOUS) return false;
      this.count -= 1;
    }
    return undefined;
  }

  result(): boolean {
    return this.count > 0;
  }
}
