import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';
import { useConfirm } from '../../components/Confirm/use-confirm.tsx';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { notify } from '../../components/Feedback/notify.ts';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import { FormErrorMessage } from '../../forms/server-errors.tsx';
import { useApiClient, useSessionStore } from '../../session/session-context.tsx';
import { settingsApi, settingsQueryKeys, type OwnSession } from './settings-api.ts';
import { describeUserAgent } from './user-agent-label.ts';

/** The security page's list of the user's sign-ins, each of which can be signed out. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const store = useSessionStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [failure, setFailure] = useState<unknown>(null);
  const sessions = useQuery({
    queryKey: settingsQueryKeys.sessions,
    queryFn: ({ signal }) => settingsApi.sessions(api, signal),
  });
  const clientOf = (session: OwnSession) => session.client_name ?? t('account.sessions.webApp');
  const deviceOf = (session: OwnSession) => {
    const agent = describeUserAgent(session.user_agent);
    if (!agent) return t('account.sessions.unknownDevice');
    return agent.system
      ? t('account.sessions.device', { browser: agent.browser, system: agent.system })
      : agent.browser;
  };

  const signOut = (session: OwnSession) =>
    confirm({
      title: t('account.sessions.signOut'),
      message: t('account.sessions.signOutConfirm'),
      confirmLabel: t('account.sessions.signOut'),
      onConfirm: async () => {
        setFailure(null);
        try {
          await settingsApi.signOutSession(api, session.id);
          notify(t, { color: 'green', message: t('account.sessions.signedOut') });
        } catch (error) {
          setFailure(error);
        }
        await queryClient.invalidateQueries({ queryKey: settingsQueryKeys.sessions });
      },
    });

  const signOutEverywhere = () =>
    confirm({
      title: t('account.sessions.signOutEverywhere'),
      message: t('account.sessions.signOutEverywhereConfirm'),
      confirmLabel: t('account.sessions.signOutEverywhere'),
      onConfirm: async () => {
        setFailure(null);
        try {
          await settingsApi.signOutEverywhere(api);
        } catch (error) {
          setFailure(error);
          return;
        }
        // This browser's tokens are revoked too: forget them and start over at the sign-in page.
        await store.logout();
        await navigate('/login', { replace: true });
      },
    });

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="sessions-heading">
            {t('account.sessions.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('account.sessions.intro')}
          </Text>
        </Stack>
        {sessions.isPending && <BusyIndicator label={t('app.shell.loading')} />}
        {sessions.isError && (
          <Text c="red" role="alert">
            {t('account.sessions.failed')}: <FormErrorMessage error={sessions.error} />
          </Text>
        )}
        {sessions.data && sessions.data.data.length === 0 && <Text>{t('account.sessions.none')}</Text>}
        {sessions.data && sessions.data.data.length > 0 && (
          <Stack
            component="ul"
            aria-labelledby="sessions-heading"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {sessions.data.data.map((session) => (
              <Paper component="li" withBorder p="sm" key={session.id}>
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{clientOf(session)}</Text>
                      {session.current && <Badge variant="light">{t('account.sessions.current')}</Badge>}
                    </Group>
                    {(session.user_agent || session.ip_address) && (
                      <Text size="sm" title={session.user_agent ?? undefined}>
                        {deviceOf(session)}
                        {session.ip_address && ` · ${t('account.sessions.address')}: ${session.ip_address}`}
                      </Text>
                    )}
                    <Text size="sm">
                      {t('account.sessions.lastActive')}: <RelativeTime value={session.created_at} />
                    </Text>
                    <Text size="sm">
                      {t('account.sessions.expires')}: <RelativeTime value={session.expires_at} />
                    </Text>
                  </Stack>
                  {!session.current && (
                    <Button
                      variant="default"
                      leftSection={<IconLogout size={18} aria-hidden />}
                      aria-label={t('account.sessions.signOutLabel', {
                        client: clientOf(session),
                        time: new Date(session.created_at).toLocaleString(i18n.language),
                      })}
                      onClick={() => signOut(session)}
                    >
                      {t('account.sessions.signOut')}
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <FormFailure error={failure} />
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={signOutEverywhere}
          >
            {t('account.sessions.signOutEverywhere')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
