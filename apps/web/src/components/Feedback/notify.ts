import { notifications, type NotificationData } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/**
 * Shows a notification whose close button has an accessible name (Mantine's has none by default).
 * Use it for every notification of the admin screens.
 */
export function notify(t: TFunction, data: NotificationData): string {
  return notifications.show({
    ...data,
    closeButtonProps: { 'aria-label': t('admin.dialog.close'), ...data.closeButtonProps },
  });
}

/** Props for `modals.open*`: the close button gets an accessible name. */
export function modalCloseProps(t: TFunction) {
  return { closeButtonProps: { 'aria-label': t('admin.dialog.close') } };
}
