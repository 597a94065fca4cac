import {
  RegistryCreateSchema,
  RegistryProjectCreateSchema,
  RegistryProjectUpdateSchema,
} from '@federa/schemas';
import type { RegistryKindName } from '@federa/schemas';
import { schemaResolver } from '../../forms/schema-resolver.tsx';
import type { Registry, RegistryProject } from '../../resources/admin-hub-resources.ts';

export interface RegistryFormValues {
  name: string;
  host: string;
  kind: RegistryKindName;
  account_name: string;
  account_secret: string;
}

export const REGISTRY_FIELDS = ['name', 'host', 'kind', 'account_name', 'account_secret'] as const;

export function initialRegistryValues(registry: Registry | undefined): RegistryFormValues {
  // The secret is write-only: the form never shows the stored one.
  return {
    name: registry?.name ?? '',
    host: registry?.host ?? '',
    kind: registry?.kind ?? 'harbor',
    account_name: registry?.account_name ?? '',
    account_secret: '',
  };
}

/**
 * Registry: name 3-128 required; host required, at most 512; account name and secret 3-256
 * (docs/product/analysis-platform.md §5), checked with the server's request schema on the body sent.
 */
export const registryValidation = schemaResolver<RegistryFormValues>(RegistryCreateSchema, (values) =>
  registryBody(values),
);

/** Empty fields become null; an empty secret is left out, which keeps the stored one. */
export function registryBody(values: RegistryFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    host: values.host.trim(),
    kind: values.kind,
    account_name: values.account_name.trim() || null,
  };
  if (values.account_secret !== '') body.account_secret = values.account_secret;
  return body;
}

export interface RegistryProjectFormValues {
  name: string;
  external_name: string;
  type: string;
  public: boolean;
  account_name: string;
  account_secret: string;
}

export const REGISTRY_PROJECT_FIELDS = [
  'name',
  'external_name',
  'type',
  'public',
  'account_name',
  'account_secret',
] as const;

export function initialRegistryProjectValues(
  project: RegistryProject | undefined,
): RegistryProjectFormValues {
  return {
    name: project?.name ?? '',
    external_name: project?.external_name ?? '',
    type: project?.type ?? 'default',
    public: project?.public ?? false,
    account_name: project?.account_name ?? '',
    account_secret: '',
  };
}

/**
 * Registry project: name 3-128; external name required 3-64 of [A-Za-z0-9-_]; type required; a
 * secret Harbor accepts (docs/product/analysis-platform.md §5), checked with the server's request
 * schema on the body the form will send.
 */
export function registryProjectValidation(registryId: string, editing: boolean) {
  return schemaResolver<RegistryProjectFormValues>(
    editing ? RegistryProjectUpdateSchema : RegistryProjectCreateSchema,
    (values) => registryProjectBody(values, registryId, editing),
  );
}

export function registryProjectBody(
  values: RegistryProjectFormValues,
  registryId: string,
  editing: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    external_name: values.external_name.trim(),
    type: values.type,
    public: values.public,
    account_name: values.account_name.trim() || null,
  };
  if (values.account_secret !== '') body.account_secret = values.account_secret;
  if (!editing) body.registry_id = registryId;
  return body;
}
