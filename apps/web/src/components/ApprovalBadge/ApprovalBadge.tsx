import { Badge } from '@mantine/core';
import { ApprovalStatus } from '@federa/schemas';
import { useTranslation } from 'react-i18next';

/** approved (green), rejected (red) or pending (no decision yet). */
export function ApprovalBadge({ status }: { readonly status: string | null | undefined }) {
  const { t } = useTranslation();
  if (status === ApprovalStatus.APPROVED)
    return (
      <Badge color="green" variant="light">
        {t('projects.approval.approved')}
      </Badge>
    );
  if (status === ApprovalStatus.REJECTED)
    return (
      <Badge color="red" variant="light">
        {t('projects.approval.rejected')}
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      {t('projects.approval.pending')}
    </Badge>
  );
}
