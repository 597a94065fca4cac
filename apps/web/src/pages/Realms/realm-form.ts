import { generateName } from '../../forms/form-values.ts';
import { maxLength, minLength, name, required, textRules } from '../../forms/rules.tsx';
import type { Realm } from '../../resources/resource-types.ts';

/** The root realm: its name never changes (docs/product/identity-and-access.md §9). */
export const MASTER_REALM_NAME = 'master';

export interface RealmFormValues {
  name: string;
  display_name: string;
  description: string;
}

export const REALM_FIELDS = ['name', 'display_name', 'description'] as const;

/**
 * A new realm starts with a generated name (docs/product/identity-and-access.md §4 Forms), which the user may
 * replace.
 */
export function initialRealmValues(realm: Realm | undefined): RealmFormValues {
  return {
    name: realm?.name ?? generateName(),
    display_name: realm?.display_name ?? '',
    description: realm?.description ?? '',
  };
}

/** Realm: name required 3-128; display name 3-256; description 5-4096. */
export const realmValidation = {
  name: textRules(required(), minLength(3), maxLength(128), name()),
  display_name: textRules(minLength(3), maxLength(256)),
  description: textRules(minLength(5), maxLength(4096)),
};
