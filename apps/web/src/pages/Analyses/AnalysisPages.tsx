import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordLayout, useLayoutRecord } from '../../components/RecordLayout/RecordLayout.tsx';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import { hubResources, type Analysis } from '../../resources/hub-resources.ts';
import { CreatorName } from '../Projects/CreatorName.tsx';
import { AnalysisCommands } from './AnalysisCommands.tsx';
import { NodeProgress } from './NodeProgress.tsx';
import {
  buildProgress,
  buildStatusColor,
  buildStatusPhrase,
  runStatusColor,
  runStatusPhrase,
} from './analysis-status.ts';
import { StatusBadge } from '../../components/StatusBadge/StatusBadge.tsx';

/** `/analyses/:id`: the analysis (live) with the tabs overview, setup, results. */
export function AnalysisLayout() {
  const { t } = useTranslation();
  return (
    <RecordLayout
      resource={hubResources.analyses}
      kind="app.pages.analysis"
      query={{ include: ['project', 'master_image'] }}
      title={(analysis) => analysis.name || t('analyses.list.unnamed')}
      aside={(analysis) => (
        <StatusBadge color={buildStatusColor(analysis.build_status)} data-testid="build-status">
          {t('analyses.status.build')}: {t(buildStatusPhrase(analysis.build_status))}
        </StatusBadge>
      )}
      tabs={[
        { to: '.', label: 'app.tabs.overview' },
        { to: 'setup', label: 'app.tabs.configuration' },
        { to: 'results', label: 'app.tabs.results' },
      ]}
    />
  );
}

function Detail({ label, children }: { readonly label: string; readonly children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Status, commands, details and the progress of every node. */
export function AnalysisOverviewPage() {
  const { t } = useTranslation();
  const analysis = useLayoutRecord<Analysis>();
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('analyses.command.commands')}
          </Title>
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
            value={buildProgress(analysis.build_status)}
            color={buildStatusColor(analysis.build_status)}
            aria-label={t('analyses.status.build')}
          />
          <AnalysisCommands analysis={analysis} />
          {!analysis.configuration_locked && (
            <Group>
              <Button component={Link} to="setup" variant="light" size="xs">
                {t('analyses.overview.setup')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('analyses.overview.details')}
          </Title>
          <Stack gap="xs">
            {analysis.description && (
              <Detail label={t('analyses.form.description')}>{analysis.description}</Detail>
            )}
            <Detail label={t('analyses.form.project')}>
              <Link to={`/projects/${analysis.project_id}`}>
                {analysis.project?.name ?? analysis.project_id}
              </Link>
            </Detail>
            <Detail label={t('analyses.overview.masterImage')}>
              {analysis.master_image?.virtual_path ?? t('projects.masterImage.none')}
            </Detail>
            <Detail label={t('projects.list.creator')}>
              <CreatorName userId={analysis.user_id} />
            </Detail>
            <Detail label={t('analyses.list.created')}>
              <RelativeTime value={analysis.created_at} />
            </Detail>
            <Detail label={t('analyses.list.updated')}>
              <RelativeTime value={analysis.updated_at} />
            </Detail>
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('analyses.overview.nodes')}
          </Title>
          <NodeProgress analysisId={analysis.id} />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
