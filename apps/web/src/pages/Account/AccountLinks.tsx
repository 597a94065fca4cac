import { Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiClient } from '../../session/session-context.tsx';
import { accountApi, accountQueryKeys } from './account-api.ts';

/**
 * The sign-in page's links to the self-service flows the operator switched on; none while the
 * switches are unknown or cannot be read (the flows would only answer "not enabled").
 */
export function AccountLinks() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { data } = useQuery({
    queryKey: accountQueryKeys.features,
    queryFn: ({ signal }) => accountApi.features(api, signal),
    staleTime: 5 * 60_000,
  });
  if (!data || (!data.registration && !data.password_recovery)) return null;
  return (
    <Group justify="space-between" gap="xs">
      {data.password_recovery && (
        <Anchor component={Link} to="/password-forgot" size="sm">
          {t('account.loginLinks.forgot')}
        </Anchor>
      )}
      {data.registration && (
        <Anchor component={Link} to="/register" size="sm">
          {t('account.loginLinks.register')}
        </Anchor>
      )}
    </Group>
  );
}
