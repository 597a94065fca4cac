import { listResponseOf } from '@federa/client';
import {
  MasterImagePresenceSchema,
  MasterImageSyncSummarySchema,
  PermissionName as P,
  type MasterImageSyncSummary,
} from '@federa/schemas';
import { ActionIcon, Alert, Button, Center, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { EmptyListText } from '../../components/EmptyListText/EmptyListText.tsx';
import { useDeleteConfirmation } from '../../components/ResourceList/use-delete-confirmation.tsx';
import { adminHubResources } from '../../resources/admin-hub-resources.ts';
import type { Identified } from '../../resources/live/live-list.ts';
import { useLiveUpdates } from '../../resources/live/use-live-updates.ts';
import { resourceKey, type ResourceRef } from '../../resources/resource-types.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { groupMasterImages } from './master-image-groups.ts';

type SyncSummary = MasterImageSyncSummary;

/** The largest page the API hands out; the catalog is read page by page until complete. */
const PAGE = 100;

function useWholeList<T extends Identified>(resource: ResourceRef<T>, sortField: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // Not below 'list': those caches hold pages ({ data, meta }), which deletes update in place.
  const key = [...resourceKey(resource), 'all'];
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const rows: T[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await api.get(resource.service, resource.path, {
          query: { sort: { [sortField]: 'ASC' }, page: { limit: PAGE, offset } },
          signal,
          schema: listResponseOf(resource.schema),
        });
        rows.push(...page.data);
        if (page.data.length === 0 || rows.length >= page.meta.total) return rows;
      }
    },
  });
  // Another administrator's sync or delete shows without a reload.
  useLiveUpdates(resource.type, () => void queryClient.invalidateQueries({ queryKey: key }));
  return query;
}

/** /admin/services/master-images: the catalog by group, the sync command and per-image delete. */
export function MasterImagesPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { hasPermission } = useSession();
  const canManage = hasPermission(P.MASTER_IMAGE_MANAGE);
  const groups = useWholeList(adminHubResources.masterImageGroups, 'path');
  const images = useWholeList(adminHubResources.masterImages, 'path');
  // Builds start from the registry's copy of an image, so an administrator sees which are missing.
  // Without a registry the check answers 400: the column then says "Unknown".
  const presence = useQuery({
    queryKey: [...resourceKey(adminHubResources.masterImages), 'presence'],
    // Whether the first registry's `master` project holds each image.
    queryFn: ({ signal }) =>
      api.get('core', 'master-images/presence', { signal, schema: MasterImagePresenceSchema }),
    enabled: canManage,
    retry: false,
  });
  const presentById = new Map(presence.data?.data.map((entry) => [entry.id, entry.present]));
  const presenceText = (id: string) => {
    if (presence.isPending) return t('masterImages.presence.checking');
    const present = presentById.get(id);
    if (present === undefined) return t('masterImages.presence.unknown');
    return present ? t('masterImages.presence.present') : t('masterImages.presence.missing');
  };
  const [syncing, setSyncing] = useState(false);
  const [outcome, setOutcome] = useState<{ summary?: SyncSummary; error?: unknown } | null>(null);
  const confirmDelete = useDeleteConfirmation(adminHubResources.masterImages, {
    onDeleted: () =>
      void queryClient.invalidateQueries({ queryKey: resourceKey(adminHubResources.masterImages) }),
  });

  const sync = async () => {
    setSyncing(true);
    setOutcome(null);
    try {
      const summary = await api.post(
        'core',
        'master-images/command',
        { command: 'sync' },
        { schema: MasterImageSyncSummarySchema },
      );
      setOutcome({ summary });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKey(adminHubResources.masterImages) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(adminHubResources.masterImageGroups) }),
      ]);
    } catch (error) {
      setOutcome({ error });
    } finally {
      setSyncing(false);
    }
  };

  const error = images.error ?? groups.error;
  const sections = groupMasterImages(groups.data ?? [], images.data ?? []);
  return (
    <Stack gap="md">
      <Title order={1}>{t('app.pages.masterImages')}</Title>
      <Text>{t('masterImages.intro')}</Text>
      {canManage && (
        <Text size="sm" c="dimmed">
          {t('masterImages.presence.hint')}
        </Text>
      )}
      {canManage && (
        <Group>
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={syncing}
            onClick={() => void sync()}
          >
            {t('masterImages.sync')}
          </Button>
          {syncing && (
            <Text size="sm" c="dimmed" role="status">
              {t('masterImages.syncing')}
            </Text>
          )}
        </Group>
      )}
      {outcome?.summary && (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {t('masterImages.synced', {
            groupsCreated: outcome.summary.groups.created,
            groupsUpdated: outcome.summary.groups.updated,
            groupsDeleted: outcome.summary.groups.deleted,
            imagesCreated: outcome.summary.images.created,
            imagesUpdated: outcome.summary.images.updated,
            imagesDeleted: outcome.summary.images.deleted,
          })}
        </Alert>
      )}
      {outcome?.error !== undefined && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title={t('masterImages.syncFailed')}
        >
          {t(errorPhraseKey(outcome.error))}
        </Alert>
      )}
      {error && !images.data ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title={t('admin.list.loadFailed')}
        >
          <Stack gap="xs" align="start">
            {t(errorPhraseKey(error))}
            <Button
              size="xs"
              variant="light"
              onClick={() => void Promise.all([images.refetch(), groups.refetch()])}
            >
              {t('admin.list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : images.isPending || groups.isPending ? (
        <Center py="lg">
          <BusyIndicator label={t('admin.list.loading')} />
        </Center>
      ) : sections.length === 0 ? (
        <EmptyListText phrase="masterImages.empty" />
      ) : (
        sections.map((section) => {
          const groupName = section.name ?? t('masterImages.ungrouped');
          return (
            <Stack key={section.key} gap="xs">
              <Title order={2} size="h3">
                {section.name ? t('masterImages.group', { name: section.name }) : groupName}
              </Title>
              <Table.ScrollContainer minWidth={420}>
                <Table striped aria-label={t('masterImages.groupLabel', { name: groupName })}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('masterImages.fields.name')}</Table.Th>
                      <Table.Th scope="col">{t('masterImages.fields.path')}</Table.Th>
                      <Table.Th scope="col">{t('masterImages.fields.command')}</Table.Th>
                      {canManage && <Table.Th scope="col">{t('masterImages.fields.inRegistry')}</Table.Th>}
                      {canManage && (
                        <Table.Th scope="col" ta="right">
                          {t('admin.list.actions')}
                        </Table.Th>
                      )}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {section.images.map((image) => (
                      <Table.Tr key={image.id}>
                        <Table.Td fw={500}>{image.name}</Table.Td>
                        <Table.Td>
                          <Code>{image.path ?? image.virtual_path}</Code>
                        </Table.Td>
                        <Table.Td>{image.command ? <Code>{image.command}</Code> : ''}</Table.Td>
                        {canManage && <Table.Td>{presenceText(image.id)}</Table.Td>}
                        {canManage && (
                          <Table.Td>
                            <Group justify="end">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('admin.list.delete', { name: image.virtual_path })}
                                onClick={() => confirmDelete(image, image.virtual_path)}
                              >
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
