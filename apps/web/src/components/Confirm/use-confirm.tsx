import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { modalCloseProps } from '../Feedback/notify.ts';

export interface ConfirmOptions {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  readonly onConfirm: () => void | Promise<void>;
}

/** Asks before something that cannot be undone (delete, lock, reject) in a modal. */
export function useConfirm() {
  const { t } = useTranslation();
  return useCallback(
    ({ title, message, confirmLabel, danger = true, onConfirm }: ConfirmOptions) =>
      modals.openConfirmModal({
        ...modalCloseProps(t),
        title,
        children: <Text size="sm">{message}</Text>,
        labels: { confirm: confirmLabel, cancel: t('admin.list.cancel') },
        // Shade 9: white text on Mantine's default red (shade 7) falls short of AA contrast.
        confirmProps: { color: danger ? 'red.9' : undefined },
        onConfirm: () => void onConfirm(),
      }),
    [t],
  );
}
