import { attributeNamesEvaluator } from './attribute-names.ts';
import { attributesEvaluator } from './attributes.ts';
import { compositeEvaluator } from './composite.ts';
import { dateEvaluator } from './date.ts';
import { identityEvaluator } from './identity.ts';
import { permissionBindingEvaluator } from './permission-binding.ts';
import { realmMatchEvaluator } from './realm-match.ts';
import { timeEvaluator } from './time.ts';
import type { PolicyEvaluator } from './types.ts';

export * from './types.ts';
export {
  attributeNamesEvaluator,
  attributesEvaluator,
  compositeEvaluator,
  dateEvaluator,
  identityEvaluator,
  permissionBindingEvaluator,
  realmMatchEvaluator,
  timeEvaluator,
};

/** The evaluators of the eight built-in policy types. */
export const builtInEvaluators: readonly PolicyEvaluator[] = [
  compositeEvaluator,
  dateEvaluator,
  timeEvaluator,
  attributeNamesEvaluator,
  attributesEvaluator,
  realmMatchEvaluator,
  identityEvaluator,
  permissionBindingEvaluator,
];
