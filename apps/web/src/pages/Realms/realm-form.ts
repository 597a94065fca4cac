import { RealmCreateSchema, RealmUpdateSchema } from '@federa/schemas';
import { emptyToNull, generateName } from '../../forms/form-values.ts';
import { requiring, schemaResolver } from '../../forms/schema-resolver.tsx';
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

/**
 * The body to send: empty fields become null; the master realm's name is never sent (it cannot
 * change).
 */
export function realmBody(values: RealmFormValues, isMaster: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = emptyToNull(values);
  if (isMaster) delete body.name;
  return body;
}

/**
 * Realm: name required 3-128 (name characters); display name 3-256; description 5-4096. The server's
 * request schema checks the body the form will send.
 */
export function realmValidation(options: { readonly editing: boolean; readonly isMaster: boolean }) {
  const { editing, isMaster } = options;
  const bySchema = schemaResolver<RealmFormValues>(
    editing ? RealmUpdateSchema : RealmCreateSchema,
    (values) => realmBody(values, isMaster),
  );
  return requiring(bySchema, ['name']);
}
