import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormErrorMessage } from '../../forms/server-errors.tsx';

/** The alert under a form whose saving failed (nothing while `error` is null). */
export function FormFailure({ error }: { readonly error: unknown }) {
  const { t } = useTranslation();
  if (error === null || error === undefined) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle aria-hidden />}
      title={t('admin.form.failed')}
    >
      <FormErrorMessage error={error} />
    </Alert>
  );
}
