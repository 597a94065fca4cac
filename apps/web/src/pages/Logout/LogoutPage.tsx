import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../session/session-context.tsx';

/** `/logout`: ends the session and continues to the login page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const session = useSessionStore();
  const navigate = useNavigate();

  useEffect(() => {
    // Logging out clears the session at once; the revocation of the tokens may finish later.
    void session.logout();
    void navigate('/login', { replace: true });
  }, [session, navigate]);

  return (
    <Center mih="40vh">
      <Stack align="center" gap="sm" role="status">
        <Loader aria-hidden />
        <Text>{t('app.logout.inProgress')}</Text>
      </Stack>
    </Center>
  );
}
