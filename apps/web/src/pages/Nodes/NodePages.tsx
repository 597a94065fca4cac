import { ListTotalSchema, PermissionName as P } from '@federa/schemas';
import { Text } from '@mantine/core';
import { StatusMark } from '../../components/StatusMark/StatusMark.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { nameColumn, realmColumn } from '../../components/AdminSection/columns.tsx';
import { RecordPage, useRecord } from '../../components/AdminSection/RecordPage.tsx';
import { SectionPage } from '../../components/AdminSection/SectionPage.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import { ResourceList, type ResourceListColumn } from '../../components/ResourceList/ResourceList.tsx';
import { NODE_CREATE } from '../../navigation/permission-sets.ts';
import { adminHubResources, type AdminNode } from '../../resources/admin-hub-resources.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { NodeDetails } from './NodeDetails.tsx';
import { NodeForm } from './NodeForm.tsx';

export const NODES_PATH = '/admin/nodes';

export function NodesPage() {
  return (
    <SectionPage
      title="app.pages.nodes"
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'add', label: 'app.tabs.add', permissions: NODE_CREATE },
      ]}
    />
  );
}

/**
 * Project and analysis requests a node has not answered yet (approval status unset). Two counts of
 * one row each: the lists' totals.
 */
function ApprovalsWaiting({ node }: { readonly node: AdminNode }) {
  const api = useApiClient();
  const count = (path: string) => ({
    queryKey: ['core', path, 'list', 'waiting', node.id],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api
        .get('core', path, {
          query: {
            filter: { node_id: node.id, approval_status: 'null' },
            fields: ['id'],
            page: { limit: 1 },
          },
          signal,
          schema: ListTotalSchema,
        })
        .then((answer) => answer.meta.total),
    retry: false,
  });
  const projects = useQuery(count('project-nodes'));
  const analyses = useQuery(count('analysis-nodes'));
  if (projects.data === undefined && analyses.data === undefined) return null;
  const total = (projects.data ?? 0) + (analyses.data ?? 0);
  return total > 0 ? (
    <StatusMark tone="warning">{total}</StatusMark>
  ) : (
    <Text span c="dimmed">
      0
    </Text>
  );
}

function nodeColumns(t: (key: string) => string): ResourceListColumn<AdminNode>[] {
  return [
    nameColumn<AdminNode>(),
    { key: 'type', header: 'nodes.fields.type', render: (node) => t(`nodes.types.${node.type}`) },
    realmColumn<AdminNode>(),
    { key: 'registry', header: 'nodes.fields.registry', render: (node) => node.registry?.name ?? '' },
    {
      key: 'hidden',
      header: 'nodes.fields.hidden',
      render: (node) => (node.hidden ? t('nodes.list.yes') : t('nodes.list.no')),
    },
    {
      key: 'waiting',
      header: 'nodes.fields.approvalsWaiting',
      render: (node) => <ApprovalsWaiting node={node} />,
    },
  ];
}

export function NodeListPage() {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const filter = useRealmScope();
  const include = hasPermission(P.REGISTRY_MANAGE) ? ['realm', 'registry'] : ['realm'];
  return (
    <ResourceList
      resource={adminHubResources.nodes}
      query={{ filter, include, sort: { name: 'ASC' } }}
      label="nodes.list.label"
      columns={nodeColumns(t as (key: string) => string)}
      itemName={(node) => node.name}
      detailPath={(node) => `${NODES_PATH}/${node.id}`}
      canDelete={hasPermission(P.NODE_DELETE)}
    />
  );
}

export function NodeAddPage() {
  const navigate = useNavigate();
  return <NodeForm onSaved={(node) => void navigate(`${NODES_PATH}/${node.id}`)} />;
}

export function NodeDetailPage() {
  const { hasPermission } = useSession();
  return (
    <RecordPage
      resource={adminHubResources.nodes}
      kind="app.pages.node"
      listPath={NODES_PATH}
      query={{ include: hasPermission(P.REGISTRY_MANAGE) ? ['realm', 'registry'] : ['realm'] }}
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'robot', label: 'app.tabs.robot' },
        { to: 'crypto', label: 'app.tabs.crypto' },
        { to: 'registry', label: 'app.tabs.registry' },
      ]}
    />
  );
}

/** Overview: the node's facts, and the edit form for whoever may update nodes. */
export function NodeOverviewPage() {
  const node = useRecord<AdminNode>();
  const { hasPermission } = useSession();
  return (
    <>
      <NodeDetails node={node} />
      {hasPermission(P.NODE_UPDATE) && <NodeForm key={node.id} entity={node} />}
    </>
  );
}
