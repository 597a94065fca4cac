import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionName } from '../../navigation/types.ts';
import { useSession } from '../../session/session-context.tsx';

/**
 * A list for those who may read it. Whoever may only create (the menu shows the section for them)
 * reads a short explanation next to the Add tab, instead of waiting for a request the server refuses.
 */
export function ReadableList({
  readers,
  children,
}: {
  /** Any one of these lets the user read the list. */
  readonly readers: readonly PermissionName[];
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const { hasAnyPermission } = useSession();
  if (hasAnyPermission(readers)) return children;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
      {t('identityAdmin.list.notReadable')}
    </Alert>
  );
}

/** Where a new record leads: to its page if the user may read it, otherwise back to the section. */
export function afterCreatePath(canRead: boolean, listPath: string, id: string): string {
  return canRead ? `${listPath}/${id}` : listPath;
}
