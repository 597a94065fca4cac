import { email, maxLength, minLength, name, required, textRules } from '../../forms/rules.tsx';
import type { User } from '../../resources/resource-types.ts';

export interface UserFormValues {
  name: string;
  display_name: string;
  email: string;
  active: boolean;
  name_locked: boolean;
  realm_id: string | null;
}

export const USER_FIELDS = ['name', 'display_name', 'email', 'active', 'name_locked', 'realm_id'] as const;

export function initialUserValues(user: User | undefined, realmId: string | null): UserFormValues {
  return {
    name: user?.name ?? '',
    display_name: user?.display_name ?? '',
    email: user?.email ?? '',
    // A new user is active (docs/product/identity-and-access.md §3).
    active: user?.active ?? true,
    name_locked: user?.name_locked ?? false,
    realm_id: user?.realm_id ?? realmId,
  };
}

/** User: name required 3-128 (name characters); display name 3-256; email 5-255 and valid; realm required. */
export function userValidation(realmRequired: boolean) {
  return {
    name: textRules(required(), minLength(3), maxLength(128), name()),
    display_name: textRules(minLength(3), maxLength(256)),
    email: textRules(minLength(5), maxLength(255), email()),
    realm_id: (value: string | null) => (realmRequired ? required()(value ?? '') : null),
  };
}
