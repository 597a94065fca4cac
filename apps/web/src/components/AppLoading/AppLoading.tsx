import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the first screen's code loads. */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-label={t('app.shell.loading')}>
      <Loader />
    </Center>
  );
}
