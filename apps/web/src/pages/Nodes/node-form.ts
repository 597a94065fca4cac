import { NodeCreateSchema, NodeUpdateSchema } from '@federa/schemas';
import { requiringRealm, schemaResolver } from '../../forms/schema-resolver.tsx';
import type { AdminNode } from '../../resources/admin-hub-resources.ts';

export interface NodeFormValues {
  name: string;
  realm_id: string | null;
  type: string;
  external_name: string;
  hidden: boolean;
  registry_id: string | null;
}

export const NODE_FIELDS = ['name', 'realm_id', 'type', 'external_name', 'hidden', 'registry_id'] as const;

export function initialNodeValues(node: AdminNode | undefined, realmId: string | null): NodeFormValues {
  return {
    name: node?.name ?? '',
    realm_id: node?.realm_id ?? realmId,
    type: node?.type ?? 'default',
    external_name: node?.external_name ?? '',
    hidden: node?.hidden ?? false,
    registry_id: node?.registry_id ?? null,
  };
}

/**
 * Node: name 3-128 required; realm and type required; external name 3-64 of [A-Za-z0-9-_]
 * (docs/product/analysis-platform.md §5): the server's request schema checks the body the form will
 * send, and a master-realm user creating a node must pick its realm.
 */
export function nodeValidation(options: { realmRequired: boolean; editing: boolean; withRegistry: boolean }) {
  const { realmRequired, editing, withRegistry } = options;
  const bySchema = schemaResolver<NodeFormValues>(editing ? NodeUpdateSchema : NodeCreateSchema, (values) =>
    nodeBody(values, editing, withRegistry),
  );
  return requiringRealm(bySchema, realmRequired);
}

/** The body to send: empty strings become null; the realm only on create (a node keeps its realm). */
export function nodeBody(
  values: NodeFormValues,
  editing: boolean,
  withRegistry: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name.trim(),
    type: values.type,
    external_name: values.external_name.trim() || null,
    hidden: values.hidden,
  };
  if (withRegistry) body.registry_id = values.registry_id;
  if (!editing && values.realm_id) body.realm_id = values.realm_id;
  return body;
}
