import { PermissionName as P } from '@federa/schemas';
import { ActionIcon, Card, Collapse, Group, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconChevronUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import type { Analysis } from '../../resources/hub-resources.ts';
import { useSession } from '../../session/session-context.tsx';
import { AnalysisCommands } from './AnalysisCommands.tsx';
import { AnalysisName } from './AnalysisName.tsx';
import {
  buildStatusColor,
  buildStatusPhrase,
  pipelineProgress,
  runStatusColor,
  runStatusPhrase,
} from './analysis-status.ts';
import { StatusBadge } from '../../components/StatusBadge/StatusBadge.tsx';

/** An analysis of the list: name (editable), status, pipeline progress, commands on demand, times. */
export function AnalysisCard({
  analysis,
  onDelete,
}: {
  readonly analysis: Analysis;
  readonly onDelete: (analysis: Analysis) => void;
}) {
  const { t } = useTranslation();
  const { hasPermission } = useSession();
  const [expanded, { toggle }] = useDisclosure(false);
  const name = analysis.name || t('analyses.list.unnamed');
  const progress = pipelineProgress(analysis);
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="start">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <AnalysisName analysis={analysis} editable={hasPermission(P.ANALYSIS_UPDATE)} />
            {analysis.project && (
              <Text size="xs" c="dimmed">
                {t('analyses.list.project')}:{' '}
                <Link to={`/projects/${analysis.project_id}`}>{analysis.project.name}</Link>
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              onClick={toggle}
              aria-expanded={expanded}
              aria-label={t(expanded ? 'analyses.list.collapse' : 'analyses.list.expand', { name })}
            >
              {expanded ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
            </ActionIcon>
            <ActionIcon
              component={Link}
              to={`/analyses/${analysis.id}`}
              variant="subtle"
              aria-label={t('analyses.list.open', { name })}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
            {hasPermission(P.ANALYSIS_DELETE) && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('analyses.list.delete', { name })}
                onClick={() => onDelete(analysis)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          <StatusBadge color={analysis.configuration_locked ? 'green' : 'gray'}>
            {t('analyses.status.configuration')}:{' '}
            {t(analysis.configuration_locked ? 'analyses.status.locked' : 'analyses.status.unlocked')}
          </StatusBadge>
          <StatusBadge color={buildStatusColor(analysis.build_status)}>
            {t('analyses.status.build')}: {t(buildStatusPhrase(analysis.build_status))}
          </StatusBadge>
          <StatusBadge color={runStatusColor(analysis.run_status)}>
            {t('analyses.status.run')}: {t(runStatusPhrase(analysis.run_status))}
          </StatusBadge>
        </Group>
        <Progress
          value={progress}
          color={analysis.run_status === 'finished' ? 'green' : 'blue'}
          aria-label={t('analyses.status.progress')}
          size="sm"
        />
        <Collapse expanded={expanded}>
          <AnalysisCommands analysis={analysis} />
        </Collapse>
        <Group gap="lg" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('analyses.list.created')} <RelativeTime value={analysis.created_at} />
          </Text>
          <Text size="xs" c="dimmed">
            {t('analyses.list.updated')} <RelativeTime value={analysis.updated_at} />
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
