import { StatusMark } from '../../components/StatusMark/StatusMark.tsx';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { RegistryProject } from '../../resources/admin-hub-resources.ts';

/** The translated type of a registry project (unknown types as they are). */
export function projectTypeLabel(t: TFunction, type: string): string {
  return t(`registries.projectTypes.${type}`, { defaultValue: type });
}

export function WebhookBadge({ t, exists }: { readonly t: TFunction; readonly exists: boolean }) {
  return (
    <StatusMark tone={exists ? 'good' : 'neutral'}>
      {exists ? t('nodes.list.yes') : t('nodes.list.no')}
    </StatusMark>
  );
}

/** Rows of a registry project's facts: what it is called here and in the registry, its account, its webhook. */
export function registryProjectRows(t: TFunction, project: RegistryProject): [string, ReactNode][] {
  return [
    [t('admin.fields.name'), project.name],
    [t('registries.fields.type'), projectTypeLabel(t, project.type)],
    [t('registries.fields.externalName'), project.external_name],
    [t('registries.fields.externalId'), project.external_id ?? ''],
    [t('registries.fields.account'), project.account_name ?? t('registries.robot.noAccount')],
    [
      t('registries.fields.webhookExists'),
      <WebhookBadge key="webhook" t={t} exists={project.webhook_exists} />,
    ],
  ];
}
