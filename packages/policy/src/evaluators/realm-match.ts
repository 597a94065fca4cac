import { BuiltInPolicyType, DecisionStrategy, MASTER_REALM_NAME } from '../constants.ts';
import { RealmMatchPolicySchema } from '../config/realm-match.ts';
import { DecisionTally } from '../decision.ts';
import type { PolicyIdentity } from '../types.ts';
import { requireAttributes, requireIdentity } from './input.ts';
import { defineEvaluator } from './types.ts';

const DEFAULT_REALM_ATTRIBUTES = ['realm_id', 'realm_name', 'realmId', 'realmName'];

type PreparedRealmMatch = {
  names: readonly string[];
  strict: boolean;
  nullMatchAll: boolean;
  masterMatchAll: boolean;
  strategy: DecisionStrategy;
};

/** The realm attributes present in the record, in order, without duplicates. */
function realmKeys(config: PreparedRealmMatch, attributes: Record<string, unknown>): string[] {
  const keys = config.names.filter((name) => attributes[name] !== undefined);
  if (!config.strict) {
    for (const key of Object.keys(attributes)) {
      if (
        attributes[key] !== undefined &&
        !keys.includes(key) &&
        config.names.some((name) => key.includes(name))
      ) {
        keys.push(key);
      }
    }
  }
  return keys;
}

function matches(value: unknown, identity: PolicyIdentity, nullMatchAll: boolean): boolean {
  if (value === null) return nullMatchAll;
  return (
    (typeof identity.realmId === 'string' && value === identity.realmId) ||
    (typeof identity.realmName === 'string' && value === identity.realmName)
  );
}

/**
 * Compares the record's realm attributes with the identity's realm id and name. Master-realm
 * identities pass by default; a record with no realm attribute does not pass.
 */
export const realmMatchEvaluator = defineEvaluator({
  type: BuiltInPolicyType.REALM_MATCH,
  schema: RealmMatchPolicySchema,
  prepare: (config) => {
    const names =
      config.attributeName === null || config.attributeName === undefined
        ? undefined
        : typeof config.attributeName === 'string'
          ? [config.attributeName]
          : config.attributeName;
    return {
      success: true,
      data: {
        names: names ?? DEFAULT_REALM_ATTRIBUTES,
        strict: config.attributeNameStrict ?? true,
        nullMatchAll: config.attributeNullMatchAll ?? false,
        masterMatchAll: config.identityMasterMatchAll ?? true,
        // The default attributes are alternative spellings of one realm: they are always counted.
        strategy: names
          ? (config.decisionStrategy ?? DecisionStrategy.CONSENSUS)
          : DecisionStrategy.CONSENSUS,
      } satisfies PreparedRealmMatch,
    };
  },
  evaluate(config, context) {
    const attributes = requireAttributes(context, BuiltInPolicyType.REALM_MATCH);
    const identity = requireIdentity(context, BuiltInPolicyType.REALM_MATCH);

    if (config.masterMatchAll && identity.realmName === MASTER_REALM_NAME) return true;

    const tally = new DecisionTally(config.strategy);
    for (const key of realmKeys(config, attributes)) {
      const decided = tally.add(matches(attributes[key], identity, config.nullMatchAll));
      if (decided !== undefined) return decided;
    }
    return tally.result();
  },
});
