import { PermissionName as P } from '@federa/schemas';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalActions } from '../../components/ApprovalActions/ApprovalActions.tsx';
import { ApprovalBadge } from '../../components/ApprovalBadge/ApprovalBadge.tsx';
import { CardList } from '../../components/CardList/CardList.tsx';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import { hubResources, type AnalysisNode } from '../../resources/hub-resources.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { CreatorName } from '../Projects/CreatorName.tsx';

/** One analysis asked of a node of my realm: name, detail link, code download, approve, reject. */
function AnalysisNodeInCard({
  request,
  canApprove,
}: {
  readonly request: AnalysisNode;
  readonly canApprove: boolean;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { realm } = useSession();
  // The analysis itself is readable in its own realm only; other realms see the request and the code.
  const readable = realm?.name === 'master' || realm?.id === request.analysis_realm_id;
  const name = request.analysis?.name || request.analysis_id;
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            {readable ? (
              <Anchor
                component={Link}
                to={`/analyses/${request.analysis_id}`}
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {name}
              </Anchor>
            ) : (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {t('analyses.incoming.node')}: {request.node?.name ?? request.node_id}
            </Text>
          </Stack>
          <ApprovalBadge status={request.approval_status} />
        </Group>
        <Text size="sm">
          {t('analyses.incoming.creator')}: <CreatorName userId={request.analysis?.user_id} />
        </Text>
        {request.comment && (
          <Text size="sm" fs="italic">
            {request.comment}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button
            component="a"
            href={api.url('core', `analyses/${encodeURIComponent(request.analysis_id)}/files/download`)}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={t('analyses.incoming.downloadCode', { name })}
          >
            {t('analyses.files.download')}
          </Button>
          <ApprovalActions
            resource={hubResources.analysisNodes}
            id={request.id}
            name={name}
            status={request.approval_status}
            comment={request.comment}
            allowed={canApprove}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {t('analyses.list.created')} <RelativeTime value={request.created_at} /> ·{' '}
          {t('analyses.list.updated')} <RelativeTime value={request.updated_at} />
        </Text>
      </Stack>
    </Card>
  );
}

/** `/analyses/in`: the analyses asked of the nodes of my realm, newest change first, live. */
export function AnalysisNodesInPage({ projectId }: { readonly projectId?: string }) {
  const { t } = useTranslation();
  const { realm, hasPermission } = useSession();
  const filter: Record<string, string> = realm ? { node_realm_id: realm.id } : {};
  if (projectId) filter['analysis.project_id'] = projectId;
  const state = useResourceList({
    resource: hubResources.analysisNodesIn,
    query: { filter, include: ['analysis', 'node'], sort: { updated_at: 'DESC' } },
    searchField: null,
  });
  return (
    <CardList<AnalysisNode>
      state={state}
      searchable={false}
      label={t('analyses.incoming.label')}
      renderCard={(request) => (
        <AnalysisNodeInCard request={request} canApprove={hasPermission(P.ANALYSIS_APPROVE)} />
      )}
    />
  );
}
