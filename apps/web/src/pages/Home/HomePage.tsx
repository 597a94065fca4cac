import { ANALYSIS_BUILD_STATUSES, ANALYSIS_RUN_STATUSES, PermissionName as P } from '@federa/schemas';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { EmptyListText } from '../../components/EmptyListText/EmptyListText.tsx';
import { PageHeading } from '../../components/PageHeading/PageHeading.tsx';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import { ANALYSES_MENU, PROJECTS_MENU } from '../../navigation/permission-sets.ts';
import { hubResources } from '../../resources/hub-resources.ts';
import { useResourceList } from '../../resources/use-resource-list.ts';
import { useSession } from '../../session/session-context.tsx';
import {
  buildStatusColor,
  buildStatusPhrase,
  runStatusColor,
  runStatusPhrase,
} from '../Analyses/analysis-status.ts';
import { useCounts, type CountRequest } from './use-counts.ts';
import { StatusBadge } from '../../components/StatusBadge/StatusBadge.tsx';

/** The key of analyses without a build or run status yet (filtered with `null`). */
const NO_STATUS = 'none';
const BUILD_STATUSES = [...ANALYSIS_BUILD_STATUSES, NO_STATUS];
const RUN_STATUSES = [...ANALYSIS_RUN_STATUSES, NO_STATUS];

function Count({ value }: { readonly value: number | undefined }) {
  return (
    <Text fw={700} size="xl" component="span">
      {value ?? '…'}
    </Text>
  );
}

/** `/`: what the signed-in user can do next, with counts and links. */
export function HomePage() {
  const { t } = useTranslation();
  const { user, realm, hasPermission, hasAnyPermission } = useSession();
  const readsProjects = hasAnyPermission(PROJECTS_MENU);
  const readsAnalyses = hasAnyPermission(ANALYSES_MENU) || hasPermission(P.ANALYSIS_RESULT_READ);
  const approvesProjects = hasPermission(P.PROJECT_APPROVE) && !!realm;
  const approvesAnalyses = hasPermission(P.ANALYSIS_APPROVE) && !!realm;
  const requests: CountRequest[] = [
    {
      key: 'projects',
      resource: hubResources.projects,
      filter: { user_id: user?.id ?? '' },
      enabled: readsProjects && !!user,
    },
    {
      key: 'projectsIn',
      resource: hubResources.projectNodes,
      filter: { node_realm_id: realm?.id ?? '', approval_status: null },
      enabled: approvesProjects,
    },
    {
      key: 'analysesIn',
      resource: hubResources.analysisNodes,
      filter: { node_realm_id: realm?.id ?? '', approval_status: null },
      enabled: approvesAnalyses,
    },
    ...BUILD_STATUSES.map((status) => ({
      key: `build:${status}`,
      resource: hubResources.analyses,
      filter: { build_status: status === NO_STATUS ? null : status },
      enabled: readsAnalyses,
    })),
    ...RUN_STATUSES.map((status) => ({
      key: `run:${status}`,
      resource: hubResources.analyses,
      filter: { run_status: status === NO_STATUS ? null : status },
      enabled: readsAnalyses,
    })),
  ];
  const counts = useCounts(requests);
  const latest = useResourceList({
    resource: hubResources.analyses,
    query: { sort: { updated_at: 'DESC' } },
    searchField: null,
    limit: 5,
    enabled: readsAnalyses,
  });
  const statusBadges = (prefix: 'build' | 'run', statuses: readonly string[]) =>
    statuses
      .filter((status) => (counts[`${prefix}:${status}`] ?? 0) > 0)
      .map((status) => {
        const value = status === NO_STATUS ? null : status;
        return (
          <StatusBadge
            key={status}
            color={prefix === 'build' ? buildStatusColor(value) : runStatusColor(value)}
          >
            {t(prefix === 'build' ? buildStatusPhrase(value) : runStatusPhrase(value))}:{' '}
            {counts[`${prefix}:${status}`]}
          </StatusBadge>
        );
      });
  // Every analysis has one build status or none, so these counts add up to all of them.
  const buildCounts = BUILD_STATUSES.map((status) => counts[`build:${status}`]);
  const noAnalyses = buildCounts.every((count) => count === 0);

  return (
    <Stack gap="md">
      <PageHeading>{t('home.welcome', { name: user?.display_name || user?.name || '' })}</PageHeading>
      <Text c="dimmed">{t('home.intro')}</Text>
      {!readsProjects && !readsAnalyses && !approvesProjects && !approvesAnalyses ? (
        <Text>{t('home.nothing')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {readsProjects && (
            <Card withBorder padding="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('home.myProjects')}
                </Title>
                <Count value={counts.projects} />
                <Group gap="xs">
                  <Button component={Link} to="/projects" size="xs" variant="light">
                    {t('home.viewAll')}
                  </Button>
                  {hasPermission(P.PROJECT_CREATE) && (
                    <Button component={Link} to="/projects/add" size="xs">
                      {t('home.createProject')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          )}
          {readsAnalyses && (
            <Card withBorder padding="md">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('home.analyses')}
                </Title>
                {noAnalyses ? (
                  <Text size="sm" c="dimmed">
                    {t('home.noAnalyses')}
                  </Text>
                ) : (
                  <>
                    <Text size="sm" fw={500}>
                      {t('home.byBuild')}
                    </Text>
                    <Group gap={4}>{statusBadges('build', BUILD_STATUSES)}</Group>
                    <Text size="sm" fw={500}>
                      {t('home.byRun')}
                    </Text>
                    <Group gap={4}>{statusBadges('run', RUN_STATUSES)}</Group>
                  </>
                )}
                <Group gap="xs">
                  <Button component={Link} to="/analyses" size="xs" variant="light">
                    {t('home.viewAll')}
                  </Button>
                  {hasPermission(P.ANALYSIS_CREATE) && (
                    <Button component={Link} to="/analyses/add" size="xs">
                      {t('home.createAnalysis')}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>
          )}
          {(approvesProjects || approvesAnalyses) && (
            <Card withBorder padding="md">
              <Stack gap="xs">
                {approvesProjects && (
                  <Group justify="space-between">
                    <Text size="sm">{t('home.projectsIn')}</Text>
                    <Group gap="xs">
                      <Count value={counts.projectsIn} />
                      <Button component={Link} to="/projects/in" size="xs" variant="light">
                        {t('home.review')}
                      </Button>
                    </Group>
                  </Group>
                )}
                {approvesAnalyses && (
                  <Group justify="space-between">
                    <Text size="sm">{t('home.analysesIn')}</Text>
                    <Group gap="xs">
                      <Count value={counts.analysesIn} />
                      <Button component={Link} to="/analyses/in" size="xs" variant="light">
                        {t('home.review')}
                      </Button>
                    </Group>
                  </Group>
                )}
              </Stack>
            </Card>
          )}
        </SimpleGrid>
      )}
      {readsAnalyses && (
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('home.latest')}
          </Title>
          {latest.isPending ? (
            <BusyIndicator label={t('admin.list.loading')} />
          ) : (latest.data?.data.length ?? 0) === 0 ? (
            <EmptyListText phrase="analyses.list.empty" />
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {latest.data?.data.map((analysis) => (
                <Group component="li" key={analysis.id} justify="space-between" wrap="wrap" gap="xs">
                  <Text component={Link} to={`/analyses/${analysis.id}`} size="sm" fw={500}>
                    {analysis.name || t('analyses.list.unnamed')}
                  </Text>
                  <Group gap="xs">
                    <StatusBadge color={buildStatusColor(analysis.build_status)}>
                      {t('analyses.status.build')}: {t(buildStatusPhrase(analysis.build_status))}
                    </StatusBadge>
                    <Text size="xs" c="dimmed">
                      <RelativeTime value={analysis.updated_at} />
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}
