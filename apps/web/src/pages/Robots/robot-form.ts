import { RobotCreateSchema, RobotUpdateSchema } from '@federa/schemas';
import { generateRobotSecret, isHashedSecret } from '../../forms/form-values.ts';
import { requiringRealm, schemaResolver } from '../../forms/schema-resolver.tsx';
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
 * §5): the server's request schema checks the body the form will send, and a master-realm user
 * creating a robot must pick its realm.
 */
export function robotValidation(options: { readonly realmRequired: boolean; readonly editing: boolean }) {
  const { realmRequired, editing } = options;
  const bySchema = schemaResolver<RobotFormValues>(
    editing ? RobotUpdateSchema : RobotCreateSchema,
    (values) => robotBody(values, editing),
  );
  return requiringRealm(bySchema, realmRequired);
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
