import { Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { chunkReloadAllowed, reloadOnceForChunkError } from '../../app/chunk-reload.ts';
import { AppLoading } from '../../components/AppLoading/AppLoading.tsx';
import { ErrorView } from '../../components/ErrorView/ErrorView.tsx';
import { describeRouteError } from './describe-route-error.ts';

/** Route error boundary: status code, status message and description of what went wrong. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { status, message, description, chunkLoad } = describeRouteError(error);
  // A missing chunk usually means a new deployment: reload once instead of showing an error.
  const [reloading] = useState(() => chunkLoad && chunkReloadAllowed());

  useEffect(() => {
    if (reloading) reloadOnceForChunkError();
    // Unexpected failures go to the console for whoever debugs them; a 404 is not one.
    else if (status >= 500) console.error(error);
  }, [reloading, error, status]);

  if (reloading) return <AppLoading />;

  const notFound = status === 404;
  return (
    <ErrorView
      status={status}
      message={message ?? (notFound ? t('app.errors.notFound') : t('app.errors.internal'))}
      description={
        description ??
        (chunkLoad
          ? t('app.errors.chunkLoad')
          : notFound
            ? t('app.errors.notFoundDescription')
            : t('app.errors.internalDescription'))
      }
      actions={
        <Group mt="md">
          {chunkLoad && <Button onClick={() => window.location.reload()}>{t('app.errors.reload')}</Button>}
          <Button component={Link} to="/" variant="light">
            {t('app.errors.backHome')}
          </Button>
        </Group>
      }
    />
  );
}
