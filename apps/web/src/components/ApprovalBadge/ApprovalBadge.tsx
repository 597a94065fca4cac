import { ApprovalStatus } from '@federa/schemas';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../StatusBadge/StatusBadge.tsx';

/** approved (green), rejected (red) or pending (no decision yet). */
export function ApprovalBadge({ status }: { readonly status: string | null | undefined }) {
  const { t } = useTranslation();
  if (status === ApprovalStatus.APPROVED)
    return <StatusBadge color="green">{t('projects.approval.approved')}</StatusBadge>;
  if (status === ApprovalStatus.REJECTED)
    return <StatusBadge color="red">{t('projects.approval.rejected')}</StatusBadge>;
  return <StatusBadge color="gray">{t('projects.approval.pending')}</StatusBadge>;
}
