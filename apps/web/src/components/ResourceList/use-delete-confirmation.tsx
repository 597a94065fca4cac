import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ListResponse } from '@federa/schemas';
import { isClientError } from '@federa/client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { applyLiveEvent, type Identified } from '../../resources/live/live-list.ts';
import { resourceKey, type ResourceRef } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { modalCloseProps, notify } from '../Feedback/notify.ts';

export interface DeleteConfirmationOptions<T> {
  readonly onDeleted?: (item: T) => void;
  /**
   * A 404 answer means someone else deleted the record already: treat it as deleted and drop it
   * locally (docs/product/analysis-platform.md §4, for analysis nodes and bucket files).
   */
  readonly goneCountsAsDeleted?: boolean;
}

/**
 * Asks "Do you really want to delete …?" in a modal; on confirmation deletes the record, removes it
 * from every cached list of the resource and reports the outcome as a notification.
 */
export function useDeleteConfirmation<T extends Identified>(
  resource: ResourceRef<T>,
  { onDeleted, goneCountsAsDeleted = false }: DeleteConfirmationOptions<T> = {},
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
            await api
              .delete(resource.service, `${resource.path}/${encodeURIComponent(item.id)}`)
              .catch((error: unknown) => {
                if (goneCountsAsDeleted && isClientError(error) && error.statusCode === 404) return;
                throw error;
              });
            for (const [key, list] of queryClient.getQueriesData<ListResponse<T>>({
              queryKey: [...resourceKey(resource), 'list'],
            })) {
              if (list)
                queryClient.setQueryData(
                  key,
                  applyLiveEvent(list, 'deleted', { id: item.id }, resource.schema) ?? list,
                );
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
    [api, queryClient, resource, t, onDeleted, goneCountsAsDeleted],
  );
}
