import type { PlainPhraseKey } from '@federa/phrases';
import type { ListQuery } from '@federa/schemas';
import { ListTotalSchema, PermissionName as P, ServerStatusSchema } from '@federa/schemas';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBox,
  IconBuildingBank,
  IconCalendarEvent,
  IconRobot,
  IconServer,
  IconServer2,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMark } from '../../components/StatusMark/StatusMark.tsx';
import { useRealmScope } from '../../components/AdminSection/use-realm-scope.ts';
import {
  EVENTS_MENU,
  NODES_MENU,
  REALMS_MENU,
  REGISTRY_MANAGE,
  ROBOTS_MENU,
  USERS_MENU,
} from '../../navigation/permission-sets.ts';
import { adminHubResources } from '../../resources/admin-hub-resources.ts';
import { authResources, type ResourceRef } from '../../resources/resource-types.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { PageHeading } from '../../components/PageHeading/PageHeading.tsx';

interface Tile {
  readonly key: string;
  readonly title: PlainPhraseKey;
  readonly to: string;
  readonly icon: Icon;
  readonly permissions: readonly string[];
  readonly resource: ResourceRef;
  /** Whether the count is confined to the managed realm. */
  readonly realmScoped: boolean;
}

const TILES: readonly Tile[] = [
  {
    key: 'realms',
    title: 'adminHome.tiles.realms',
    to: '/admin/realms',
    icon: IconBuildingBank,
    permissions: REALMS_MENU,
    resource: authResources.realms,
    realmScoped: false,
  },
  {
    key: 'users',
    title: 'adminHome.tiles.users',
    to: '/admin/users',
    icon: IconUser,
    permissions: USERS_MENU,
    resource: authResources.users,
    realmScoped: true,
  },
  {
    key: 'robots',
    title: 'adminHome.tiles.robots',
    to: '/admin/robots',
    icon: IconRobot,
    permissions: ROBOTS_MENU,
    resource: authResources.robots,
    realmScoped: true,
  },
  {
    key: 'nodes',
    title: 'adminHome.tiles.nodes',
    to: '/admin/nodes',
    icon: IconServer2,
    permissions: NODES_MENU,
    resource: adminHubResources.nodes,
    realmScoped: true,
  },
  {
    key: 'registries',
    title: 'adminHome.tiles.registries',
    to: '/admin/services/registry',
    icon: IconServer,
    permissions: REGISTRY_MANAGE,
    resource: adminHubResources.registries,
    realmScoped: false,
  },
  {
    key: 'masterImages',
    title: 'adminHome.tiles.masterImages',
    to: '/admin/services/master-images',
    icon: IconBox,
    permissions: [P.MASTER_IMAGE_MANAGE, P.SERVICE_MANAGE],
    resource: adminHubResources.masterImages,
    realmScoped: false,
  },
  {
    key: 'events',
    title: 'adminHome.tiles.events',
    to: '/admin/events',
    icon: IconCalendarEvent,
    permissions: EVENTS_MENU,
    resource: adminHubResources.events,
    realmScoped: true,
  },
];

function TileCard({ tile, filter }: { readonly tile: Tile; readonly filter: ListQuery['filter'] }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const query = tile.realmScoped ? filter : undefined;
  const count = useQuery({
    queryKey: [tile.resource.service, tile.resource.path, 'list', 'count', query ?? {}],
    queryFn: ({ signal }) =>
      api
        .get(tile.resource.service, tile.resource.path, {
          query: { filter: query, fields: ['id'], page: { limit: 1 } },
          signal,
          schema: ListTotalSchema,
        })
        .then((answer) => answer.meta.total),
    retry: false,
  });
  const name = t(tile.title);
  return (
    <Card withBorder padding="md" component="li">
      <Group justify="space-between" align="start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={3} size="h4">
            <Anchor component={Link} to={tile.to}>
              {name}
            </Anchor>
          </Title>
          <Text size="sm" c={count.error ? 'dimmed' : undefined}>
            {count.data !== undefined
              ? t('adminHome.count', { count: count.data })
              : count.error
                ? t('adminHome.countUnknown')
                : t('admin.list.loading')}
          </Text>
        </Stack>
        <tile.icon size={28} aria-hidden />
      </Group>
    </Card>
  );
}

function ServerHealth() {
  const { t } = useTranslation();
  const api = useApiClient();
  const status = useQuery({
    queryKey: ['core', 'status'],
    queryFn: ({ signal }) => api.get('core', 'status', { signal, schema: ServerStatusSchema }),
    refetchInterval: 60_000,
  });
  return (
    <Card withBorder padding="md" maw={520}>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('adminHome.health.title')}
        </Title>
        {status.error ? (
          <Alert color="red" variant="light" role="alert">
            {t('adminHome.health.failed')}
          </Alert>
        ) : !status.data ? (
          <Text size="sm">{t('admin.list.loading')}</Text>
        ) : (
          <Stack gap={6} component="dl" m={0}>
            <Group gap="xs">
              <Text component="dt" fw={500} size="sm">
                {t('adminHome.health.database')}:
              </Text>
              <StatusMark component="dd" tone={status.data.database === 'ok' ? 'good' : 'bad'}>
                {status.data.database === 'ok'
                  ? t('adminHome.health.databaseOk')
                  : t('adminHome.health.databaseDown')}
              </StatusMark>
            </Group>
            <Group gap="xs">
              <Text component="dt" fw={500} size="sm">
                {t('adminHome.health.worker')}:
              </Text>
              <StatusMark component="dd" tone={status.data.worker ? 'good' : 'neutral'}>
                {status.data.worker ? t('adminHome.health.workerOn') : t('adminHome.health.workerOff')}
              </StatusMark>
            </Group>
            <Group gap="xs">
              <Text component="dt" fw={500} size="sm">
                {t('adminHome.health.version')}:
              </Text>
              <Text component="dd" m={0} size="sm">
                {status.data.version}
              </Text>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** /admin: what the signed-in administrator may manage (with counts) and how the server is doing. */
export function AdminHomePage() {
  const { t } = useTranslation();
  const { hasAnyPermission } = useSession();
  const filter = useRealmScope();
  const visible = TILES.filter((tile) => hasAnyPermission(tile.permissions));
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <PageHeading>{t('app.pages.admin')}</PageHeading>
        <Text>{t('adminHome.intro')}</Text>
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('adminHome.manage')}
        </Title>
        {visible.length === 0 ? (
          <Text c="dimmed">{t('adminHome.nothing')}</Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3 }}
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {visible.map((tile) => (
              <TileCard key={tile.key} tile={tile} filter={filter} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ServerHealth />
    </Stack>
  );
}
