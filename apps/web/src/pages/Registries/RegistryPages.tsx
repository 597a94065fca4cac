import { PermissionName as P } from '@federa/schemas';
import { Alert, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { nameColumn } from '../../components/AdminSection/columns.tsx';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { SectionNav } from '../../components/AdminSection/SectionNav.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { FactTable } from '../../components/FactTable/FactTable.tsx';
import { ResourceList } from '../../components/ResourceList/ResourceList.tsx';
import { Outlet } from 'react-router';
import {
  adminHubResources,
  type Registry,
  type RegistryProject,
} from '../../resources/admin-hub-resources.ts';
import { useResourceRecord } from '../../resources/use-resource-record.ts';
import { useSession } from '../../session/session-context.tsx';
import { CommandPanel } from './CommandPanel.tsx';
import { RegistryForm } from './RegistryForm.tsx';
import { RegistryProjectForm } from './RegistryProjectForm.tsx';
import { RevealSecret } from './RevealSecret.tsx';
import { projectTypeLabel, registryProjectRows, WebhookBadge } from './registry-project-facts.tsx';

export const REGISTRIES_PATH = '/admin/services/registry';
const MANAGE = [P.REGISTRY_MANAGE];

export function RegistriesPage() {
  return (
    <SectionPage
      title="app.pages.registries"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: MANAGE },
        { to: 'robot', label: 'app.tabs.robot' },
      ]}
    />
  );
}

export function RegistryListPage() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  return (
    <ResourceList
      resource={adminHubResources.registries}
      query={{ sort: { name: 'ASC' } }}
      label="registries.list.label"
      columns={[
        nameColumn<Registry>(),
        { key: 'host', header: 'registries.fields.host', render: (registry) => registry.host },
        {
          key: 'kind',
          header: 'registries.fields.kind',
          render: (registry) => t(`registries.kinds.${registry.kind ?? 'harbor'}`),
        },
        {
          key: 'account',
          header: 'registries.fields.accountName',
          render: (registry) => registry.account_name ?? t('registries.robot.noAccount'),
        },
      ]}
      itemName={(registry) => registry.name}
      detailPath={(registry) => `${REGISTRIES_PATH}/${registry.id}`}
      canDelete={hasPermission(P.REGISTRY_MANAGE)}
    />
  );
}

export function RegistryAddPage() {
  const navigate = useNavigate();
  return <RegistryForm onSaved={(registry) => void navigate(`${REGISTRIES_PATH}/${registry.id}`)} />;
}

/** The accounts the hub signs in to each registry with (the registry's robot account). */
export function RegistryRobotPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('registries.robot.intro')}</Text>
      <ResourceList
        resource={adminHubResources.registries}
        query={{ sort: { name: 'ASC' } }}
        label="registries.robot.accounts"
        searchField={null}
        columns={[
          nameColumn<Registry>(),
          { key: 'host', header: 'registries.fields.host', render: (registry) => registry.host },
          {
            key: 'kind',
            header: 'registries.fields.kind',
            render: (registry) => t(`registries.kinds.${registry.kind ?? 'harbor'}`),
          },
          {
            key: 'account',
            header: 'registries.fields.accountName',
            render: (registry) =>
              registry.account_name ? <Code>{registry.account_name}</Code> : t('registries.robot.noAccount'),
          },
        ]}
        itemName={(registry) => registry.name}
        detailPath={(registry) => `${REGISTRIES_PATH}/${registry.id}`}
      />
    </Stack>
  );
}

export function RegistryDetailPage() {
  return (
    <RecordPage
      resource={adminHubResources.registries}
      kind="app.pages.registry"
      listPath={REGISTRIES_PATH}
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'setup', label: 'app.tabs.setup' },
        { to: 'cleanup', label: 'app.tabs.cleanup', permissions: MANAGE },
        { to: 'projects', label: 'app.tabs.projects', permissions: MANAGE },
      ]}
    />
  );
}

export function RegistryOverviewPage() {
  const registry = useRecord<Registry>();
  return <RegistryForm key={registry.id} entity={registry} />;
}

/** Setup, and below it the registry's projects: what setup creates and links appears there live. */
export function RegistrySetupPage() {
  const { t } = useTranslation();
  const registry = useRecord<Registry>();
  return (
    <Stack gap="md">
      <CommandPanel
        title={t('registries.command.setupTitle')}
        intro={t('registries.command.setupIntro')}
        runLabel={t('registries.command.setupRun')}
        command="setup"
        registryId={registry.id}
      />
      <Title order={2} size="h3">
        {t('app.pages.registryProjects')}
      </Title>
      <RegistryProjectListPage />
    </Stack>
  );
}

export function RegistryCleanupPage() {
  const { t } = useTranslation();
  const registry = useRecord<Registry>();
  return (
    <CommandPanel
      title={t('registries.command.cleanupTitle')}
      intro={t('registries.command.cleanupIntro')}
      runLabel={t('registries.command.cleanupRun')}
      command="cleanup"
      registryId={registry.id}
    />
  );
}

/** /admin/services/registry/:id/projects: list and add of the registry's projects. */
export function RegistryProjectsPage() {
  const { t } = useTranslation();
  const registry = useRecord<Registry>();
  return (
    <Stack gap="sm">
      <SectionNav
        label={t('app.pages.registryProjects')}
        tabs={[
          { to: '.', label: 'app.tabs.overview' },
          { to: 'add', label: 'app.tabs.add', permissions: MANAGE },
        ]}
      />
      <Outlet context={{ record: registry }} />
    </Stack>
  );
}

export function RegistryProjectListPage() {
  const { t } = useTranslation();
  const registry = useRecord<Registry>();
  const { hasPermission } = useSession();
  return (
    <ResourceList
      resource={adminHubResources.registryProjects}
      query={{ filter: { registry_id: registry.id }, sort: { name: 'ASC' } }}
      label="registries.list.projectsLabel"
      columns={[
        nameColumn<RegistryProject>(),
        {
          key: 'type',
          header: 'registries.fields.type',
          render: (project) => projectTypeLabel(t, project.type),
        },
        {
          key: 'external_name',
          header: 'registries.fields.externalName',
          render: (project) => project.external_name,
        },
        {
          key: 'account',
          header: 'registries.fields.account',
          render: (project) => project.account_name ?? t('registries.robot.noAccount'),
        },
        {
          key: 'webhook',
          header: 'registries.fields.webhookExists',
          render: (project) => <WebhookBadge t={t} exists={project.webhook_exists} />,
        },
      ]}
      itemName={(project) => project.name}
      detailPath={(project) => `${REGISTRIES_PATH}/${registry.id}/projects/${project.id}`}
      canDelete={hasPermission(P.REGISTRY_MANAGE)}
    />
  );
}

export function RegistryProjectAddPage() {
  const registry = useRecord<Registry>();
  const navigate = useNavigate();
  return (
    <RegistryProjectForm
      registryId={registry.id}
      onSaved={(project) => void navigate(`${REGISTRIES_PATH}/${registry.id}/projects/${project.id}`)}
    />
  );
}

/** /admin/services/registry/:id/projects/:project_id: the project's facts and its form. */
export function RegistryProjectDetailPage() {
  const { t } = useTranslation();
  const registry = useRecord<Registry>();
  const { project_id: projectId } = useParams();
  const { hasPermission } = useSession();
  const project = useResourceRecord(adminHubResources.registryProjects, projectId);
  if (project.isPending) {
    return (
      <Center py="lg">
        <BusyIndicator label={t('admin.list.loading')} />
      </Center>
    );
  }
  if (!project.data || project.deleted || project.data.registry_id !== registry.id) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {t('registries.project.missing')}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <FactTable
        label={project.data.name}
        rows={[['ID', <Code key="id">{project.data.id}</Code>], ...registryProjectRows(t, project.data)]}
      />
      {hasPermission(P.REGISTRY_MANAGE) && <RevealSecret projectId={project.data.id} />}
      <RegistryProjectForm key={project.data.id} registryId={registry.id} entity={project.data} />
    </Stack>
  );
}
