import { UserCreateSchema, UserUpdateSchema } from '@federa/schemas';
import { emptyToNull } from '../../forms/form-values.ts';
import { requiring, requiringRealm, schemaResolver } from '../../forms/schema-resolver.tsx';
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

export interface UserFormContext {
  /** Editing an existing user: the realm is not sent (a record keeps its realm). */
  readonly editing: boolean;
  /** May change activity and the name lock; without it they are not sent. */
  readonly canManage: boolean;
}

/** The body to send: empty fields become null; only what the signed-in user may change. */
export function userBody(
  values: UserFormValues,
  { editing, canManage }: UserFormContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = emptyToNull(values);
  if (editing || !values.realm_id) delete body.realm_id;
  if (!canManage) {
    delete body.active;
    delete body.name_locked;
  }
  if (!editing) delete body.name_locked;
  return body;
}

/**
 * User: name required 3-128 (name characters, not a reserved prefix); display name 3-256; email 5-255
 * and valid; realm required where the picker shows. The server's request schema checks the body the
 * form will send.
 */
export function userValidation(context: UserFormContext & { readonly realmRequired: boolean }) {
  const bySchema = schemaResolver<UserFormValues>(
    context.editing ? UserUpdateSchema : UserCreateSchema,
    (values) => userBody(values, context),
  );
  return requiringRealm(requiring(bySchema, ['name']), context.realmRequired);
}
