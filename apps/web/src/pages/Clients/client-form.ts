import { generateClientSecret, generateName, isHashedSecret } from '../../forms/form-values.ts';
import { ClientCreateSchema, ClientUpdateSchema } from '@federa/schemas';
import { requiring, requiringRealm, schemaResolver } from '../../forms/schema-resolver.tsx';
import type { Client } from '../../resources/resource-types.ts';

export interface ClientFormValues {
  name: string;
  display_name: string;
  description: string;
  realm_id: string | null;
  redirect_uri: string;
  base_url: string;
  root_url: string;
  is_confidential: boolean;
  first_party: boolean;
  secret: string;
}

export const CLIENT_FIELDS = [
  'name',
  'display_name',
  'description',
  'realm_id',
  'redirect_uri',
  'base_url',
  'root_url',
  'is_confidential',
  'first_party',
  'secret',
] as const;

/**
 * A new client starts with a generated name (unless the page supplies one) and a generated
 * 64-character secret; an existing one shows its stored values.
 */
export function initialClientValues(
  client: Client | undefined,
  realmId: string | null,
  suppliedName?: string,
): ClientFormValues {
  return {
    name: client?.name ?? suppliedName ?? generateName(),
    display_name: client?.display_name ?? '',
    description: client?.description ?? '',
    realm_id: client?.realm_id ?? realmId,
    redirect_uri: client?.redirect_uri ?? '',
    base_url: client?.base_url ?? '',
    root_url: client?.root_url ?? '',
    is_confidential: client?.is_confidential ?? true,
    first_party: client?.first_party ?? false,
    secret: client ? '' : generateClientSecret(),
  };
}

/**
 * Client: name required 3-256; display name 3-256; description 3-256; realm required where the picker
 * shows; redirect URIs (comma-separated URLs) max 2000; base and root URL valid; secret 3-256. The
 * server's request schema checks the body the form will send.
 */
export function clientValidation(options: {
  readonly realmRequired: boolean;
  readonly editing: boolean;
  readonly nameFixed: boolean;
}) {
  const { realmRequired, editing, nameFixed } = options;
  const bySchema = schemaResolver<ClientFormValues>(
    editing ? ClientUpdateSchema : ClientCreateSchema,
    (values) => clientBody(values, editing, nameFixed),
  );
  return requiringRealm(requiring(bySchema, ['name']), realmRequired);
}

/** The body to send: empty strings become null; the stored hash sent back unchanged becomes empty. */
export function clientBody(
  values: ClientFormValues,
  editing: boolean,
  nameFixed: boolean,
): Record<string, unknown> {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const body: Record<string, unknown> = {
    name: text(values.name),
    display_name: text(values.display_name),
    description: text(values.description),
    redirect_uri: text(values.redirect_uri),
    base_url: text(values.base_url),
    root_url: text(values.root_url),
    is_confidential: values.is_confidential,
    first_party: values.first_party,
    secret: isHashedSecret(values.secret) ? null : text(values.secret),
  };
  if (!editing && values.realm_id) body.realm_id = values.realm_id;
  if (editing && nameFixed) delete body.name;
  return body;
}
