import { EXTERNAL_NAME_PATTERN } from '@federa/schemas';
import { createElement } from 'react';
import { PhraseMessage } from '../../components/PhraseMessage/PhraseMessage.tsx';
import { maxLength, minLength, required, textRules, type TextRule } from '../../forms/rules.tsx';
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

export const externalName = (): TextRule => (value) =>
  value && !EXTERNAL_NAME_PATTERN.test(value)
    ? createElement(PhraseMessage, { phrase: 'nodes.rules.externalName' })
    : null;

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

/** Node: name 3-128 required; realm and type required; external name 3-64 of [A-Za-z0-9-_] (docs/product/analysis-platform.md §5). */
export function nodeValidation(realmRequired: boolean) {
  return {
    name: textRules(required(), minLength(3), maxLength(128)),
    realm_id: (value: string | null) => (realmRequired ? required()(value ?? '') : null),
    type: textRules(required()),
    external_name: textRules(minLength(3), maxLength(64), externalName()),
  };
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
