import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ListResponse } from '@federa/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { applyLiveEvent, type Identified } from '../../resources/live/live-list.ts';
import { resourceKey, type ResourceRef } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { modalCloseProps, notify } from '../Feedback/notify.ts';

/**
 * Asks "Do you really want to delete …?" in a modal; on confirmation deletes the record, removes it
 * from every cached list of the resource and reports the outcome as a notification.
 */
export function useDeleteConfirmation<T extends Identified>(
  resource: ResourceRef,
  { onDeleted }: { onDeleted?: (item: T) => void } = {},
) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (item: T, name: string) => {
      modals.openConfirmModal({
        ...modalCloseProps(t),
        title: t('admin.list.deleteTitle'),
        children: <Text size="sm">{t('admin.list.deleteConfirm', { name })}</Text>,
        labels: { confirm: t('admin.list.deleteConfirmButton'), cancel: t('admin.list.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          try {
            await api.delete(resource.service, `${resource.path}/${encodeURIComponent(item.id)}`);
            for (const [key, list] of queryClient.getQueriesData<ListResponse<T>>({
              queryKey: [...resourceKey(resource), 'list'],
            })) {
              if (list) queryClient.setQueryData(key, applyLiveEvent(list, 'deleted', { id: item.id }));
            }
            void queryClient.invalidateQueries({ queryKey: resourceKey(resource), refetchType: 'none' });
            notify(t, { color: 'green', message: t('admin.list.deleted', { name }) });
            onDeleted?.(item);
          } catch (error) {
            notify(t, {
              color: 'red',
              title: t('admin.list.deleteFailed'),
              message: t(errorPhraseKey(error)),
            });
          }
        },
      });
    },
    [api, queryClient, resource, t, onDeleted],
  );
}
