import { generateRobotSecret, isHashedSecret } from '../../forms/form-values.ts';
import { maxLength, minLength, name, required, textRules } from '../../forms/rules.tsx';
import type { Robot } from '../../resources/resource-types.ts';

export interface RobotFormValues {
  name: string;
  display_name: string;
  realm_id: string | null;
  secret: string;
}

export const ROBOT_FIELDS = ['name', 'display_name', 'realm_id', 'secret'] as const;

/** A new robot gets a generated 64-character secret; an existing one keeps its secret unless a new one is entered. */
export function initialRobotValues(robot: Robot | undefined, realmId: string | null): RobotFormValues {
  return {
    name: robot?.name ?? '',
    display_name: robot?.display_name ?? '',
    realm_id: robot?.realm_id ?? realmId,
    secret: robot ? '' : generateRobotSecret(),
  };
}

/**
 * Robot: name 3-128; display name 3-256; realm required; secret 3-256 (docs/product/identity-and-access.md
 * §5).
 */
export function robotValidation(realmRequired: boolean) {
  return {
    name: textRules(minLength(3), maxLength(128), name()),
    display_name: textRules(minLength(3), maxLength(256)),
    realm_id: (value: string | null) => (realmRequired ? required()(value ?? '') : null),
    secret: textRules(minLength(3), maxLength(256)),
  };
}

/**
 * The body to send: the stored hash sent back unchanged becomes an empty secret
 * (docs/product/identity-and-access.md §4 Forms).
 */
export function robotBody(values: RobotFormValues, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name.trim() || null,
    display_name: values.display_name.trim() || null,
    secret: isHashedSecret(values.secret) ? '' : values.secret,
  };
  if (!editing) body.realm_id = values.realm_id;
  // Empty strings become null (docs/product/identity-and-access.md §3); the server then keeps the stored
  // secret.
  if (body.secret === '') body.secret = null;
  return body;
}
