import { AnalysisRunStatus, PermissionName as P } from '@federa/schemas';
import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLayoutRecord } from '../../../components/RecordLayout/RecordLayout.tsx';
import type { Analysis } from '../../../resources/hub-resources.ts';
import { useApiClient, useSession } from '../../../session/session-context.tsx';
import { runStatusColor, runStatusPhrase } from '../analysis-status.ts';
import { useAnalysisNodes } from '../NodeProgress.tsx';
import { LogList } from './LogList.tsx';
import { StatusBadge } from '../../../components/StatusBadge/StatusBadge.tsx';

const RUNNING: ReadonlySet<string> = new Set([
  AnalysisRunStatus.STARTING,
  AnalysisRunStatus.STARTED,
  AnalysisRunStatus.RUNNING,
]);

/** `/analyses/:id/results`: the result download, results per node, the logs of the analysis and each node. */
export function AnalysisResultsPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { hasPermission } = useSession();
  const analysis = useLayoutRecord<Analysis>();
  const nodes = useAnalysisNodes(analysis.id);
  const live =
    RUNNING.has(analysis.run_status ?? '') ||
    analysis.build_status === 'started' ||
    analysis.build_status === 'starting';
  const rows = nodes.data?.data ?? [];
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('analyses.results.title')}
          </Title>
          {hasPermission(P.ANALYSIS_RESULT_READ) && (
            <Group>
              <Button
                component="a"
                href={api.url('core', `analyses/${encodeURIComponent(analysis.id)}/result/download`)}
                target="_blank"
                rel="noopener"
                leftSection={<IconDownload size={16} aria-hidden />}
                disabled={analysis.run_status !== AnalysisRunStatus.FINISHED}
              >
                {t('analyses.results.download')}
              </Button>
            </Group>
          )}
          <Text fw={500} size="sm">
            {t('analyses.results.perNode')}
          </Text>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('analyses.overview.noNodes')}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {rows.map((row) => (
                <Group component="li" key={row.id} gap="xs">
                  <Text size="sm">{row.node?.name ?? row.node_id}</Text>
                  <StatusBadge size="sm" color={runStatusColor(row.run_status)}>
                    {t(
                      row.run_status === AnalysisRunStatus.FINISHED
                        ? 'analyses.status.finished'
                        : runStatusPhrase(row.run_status),
                    )}
                  </StatusBadge>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('analyses.logs.title')}
        </Title>
        <Tabs defaultValue="analysis" keepMounted={false}>
          <Tabs.List aria-label={t('analyses.logs.title')}>
            <Tabs.Tab value="analysis">{t('analyses.logs.analysis')}</Tabs.Tab>
            {rows.map((row) => (
              <Tabs.Tab key={row.id} value={row.node_id}>
                {t('analyses.logs.node', { name: row.node?.name ?? row.node_id })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="analysis" pt="sm">
            <LogList
              path="analysis-logs"
              filter={{ analysis_id: analysis.id }}
              live={live}
              follow={{ type: 'analysisLog', target: analysis.id }}
              label={t('analyses.logs.analysis')}
            />
          </Tabs.Panel>
          {rows.map((row) => (
            <Tabs.Panel key={row.id} value={row.node_id} pt="sm">
              <LogList
                key={row.node_id}
                path="analysis-node-logs"
                filter={{ analysis_id: analysis.id, node_id: row.node_id }}
                live={live}
                label={t('analyses.logs.node', { name: row.node?.name ?? row.node_id })}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>
    </Stack>
  );
}
