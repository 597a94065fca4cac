import { Group, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApprovalBadge } from '../../components/ApprovalBadge/ApprovalBadge.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { EmptyListText } from '../../components/EmptyListText/EmptyListText.tsx';
import { hubResources } from '../../resources/hub-resources.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { runStatusColor, runStatusPhrase } from './analysis-status.ts';
import { StatusBadge } from '../../components/StatusBadge/StatusBadge.tsx';

/** The nodes of an analysis (live), as far as the UI shows them at once. */
export function useAnalysisNodes(analysisId: string) {
  return useResourceList({
    resource: hubResources.analysisNodes,
    query: { filter: { analysis_id: analysisId }, include: ['node'], sort: { created_at: 'ASC' } },
    searchField: null,
    limit: 50,
  });
}

/** One step per node with its run status (live), or "No nodes selected for the analysis." */
export function NodeProgress({ analysisId }: { readonly analysisId: string }) {
  const { t } = useTranslation();
  const nodes = useAnalysisNodes(analysisId);
  if (nodes.isPending) return <BusyIndicator label={t('admin.list.loading')} />;
  const rows = nodes.data?.data ?? [];
  if (rows.length === 0) return <EmptyListText phrase="analyses.overview.noNodes" />;
  const done = rows.filter((row) => row.run_status === 'finished').length;
  return (
    <Timeline active={done - 1} bulletSize={18} lineWidth={2} aria-label={t('analyses.overview.nodes')}>
      {rows.map((row) => (
        <Timeline.Item
          key={row.id}
          color={runStatusColor(row.run_status)}
          title={
            <Group gap="xs" wrap="wrap">
              <Text fw={500} size="sm">
                {row.node?.name ?? row.node_id}
              </Text>
              {row.node && (
                <Text size="xs" c="dimmed">
                  ({row.node.type})
                </Text>
              )}
            </Group>
          }
        >
          <Stack gap={4}>
            <Group gap="xs">
              <StatusBadge size="sm" color={runStatusColor(row.run_status)}>
                {t('analyses.status.run')}: {t(runStatusPhrase(row.run_status))}
              </StatusBadge>
              <ApprovalBadge status={row.approval_status} />
            </Group>
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
