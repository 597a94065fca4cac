import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorView } from '../../components/ErrorView/ErrorView.tsx';

/** Every path no route matches: "Page Not Found: {path}". */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorView
      status={404}
      message={t('app.errors.pageNotFound', { path: pathname })}
      description={t('app.errors.notFoundDescription')}
      actions={
        <Button component={Link} to="/" variant="light" mt="md">
          {t('app.errors.backHome')}
        </Button>
      }
    />
  );
}
