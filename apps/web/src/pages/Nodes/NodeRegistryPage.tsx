import { PermissionName as P } from '@federa/schemas';
import { Alert, Anchor, Center, Code, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { FactTable } from '../../components/FactTable/FactTable.tsx';
import { adminHubResources, type AdminNode } from '../../resources/admin-hub-resources.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { registryProjectRows } from '../Registries/registry-project-facts.tsx';

function Notice({ text }: { readonly text: string }) {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
      {text}
    </Alert>
  );
}

/** The registry project of a node (its Harbor project, robot account and webhook), once it exists. */
export function NodeRegistryPage() {
  const { t } = useTranslation();
  const node = useRecord<AdminNode>();
  const api = useApiClient();
  const { hasAnyPermission } = useSession();
  const canRead = hasAnyPermission([P.REGISTRY_MANAGE, P.REGISTRY_PROJECT_MANAGE]);
  const projectId = node.registry_project_id ?? null;
  const project = useQuery({
    queryKey: ['core', 'registry-projects', 'one', projectId, 'node'],
    queryFn: ({ signal }) =>
      api.get('core', `registry-projects/${encodeURIComponent(projectId ?? '')}`, {
        signal,
        schema: adminHubResources.registryProjects.schema,
      }),
    enabled: !!projectId && canRead,
    retry: false,
  });

  if (!node.registry_id) return <Notice text={t('nodes.registry.noRegistry')} />;
  if (!projectId) return <Notice text={t('nodes.registry.noProject')} />;
  if (canRead && project.isPending) {
    return (
      <Center py="lg">
        <BusyIndicator label={t('admin.list.loading')} />
      </Center>
    );
  }
  if (!project.data) return <Notice text={t('registries.project.missing')} />;
  return (
    <Stack gap="sm">
      <FactTable
        label={t('nodes.registry.project')}
        rows={[['ID', <Code key="id">{project.data.id}</Code>], ...registryProjectRows(t, project.data)]}
      />
      <Anchor
        component={Link}
        to={`/admin/services/registry/${project.data.registry_id}/projects/${project.data.id}`}
        size="sm"
      >
        {t('nodes.registry.open')}
      </Anchor>
    </Stack>
  );
}
