import type { PlainPhraseKey } from '@federa/phrases';
import { Alert, Button, Center, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import {
  answerAuthorization,
  describeAuthorization,
  type AuthorizationDescription,
  type ConsentDecision,
  type ScopeDetail,
} from './authorize-api.ts';
import { openRedirect } from './open-redirect.ts';

type View =
  | { step: 'checking' }
  | { step: 'invalid'; error: unknown }
  | { step: 'consent'; description: AuthorizationDescription }
  | { step: 'leaving'; description: AuthorizationDescription };

const BUILT_IN_DESCRIPTIONS = new Set(['global', 'openid', 'profile', 'email', 'roles', 'identity']);

/** What a scope grants, in the user's language for the built-in ones. */
function useScopeText() {
  const { t } = useTranslation();
  return (scope: ScopeDetail) => {
    if (scope.built_in && BUILT_IN_DESCRIPTIONS.has(scope.name)) {
      return t(`signin.scopeDescriptions.${scope.name}` as PlainPhraseKey);
    }
    return scope.description ?? scope.display_name ?? scope.name;
  };
}

/**
 * `/authorize`: where a browser lands from the authorization endpoint (`/auth/authorize`), after
 * signing in (the route requires it). The request is checked first; a bad client or redirect URI is
 * shown here and never followed. A first-party client, or one the user approved these scopes for
 * before, continues at once; otherwise the user approves or denies.
 */
export function AuthorizePage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const [view, setView] = useState<View>({ step: 'checking' });
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<ConsentDecision | null>(null);
  const scopeText = useScopeText();

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const description = await describeAuthorization(api, searchParams, controller.signal);
        const answer = await answerAuthorization(api, searchParams, 'remembered');
        if (controller.signal.aborted) return;
        if ('url' in answer) {
          setView({ step: 'leaving', description });
          openRedirect(answer.url);
        } else setView({ step: 'consent', description });
      } catch (error) {
        if (!controller.signal.aborted) setView({ step: 'invalid', error });
      }
    })();
    return () => controller.abort();
  }, [api, searchParams]);

  const decide = async (description: AuthorizationDescription, decision: ConsentDecision) => {
    setBusy(decision);
    setFailure(null);
    try {
      const answer = await answerAuthorization(api, searchParams, decision);
      if ('url' in answer) {
        setView({ step: 'leaving', description });
        openRedirect(answer.url);
      }
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const clientName = (description: AuthorizationDescription) =>
    description.client.display_name ?? description.client.name;

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={480}>
        {view.step === 'checking' && (
          <Stack align="center" gap="sm" role="status">
            <Loader aria-hidden />
            <Text>{t('signin.authorize.checking')}</Text>
          </Stack>
        )}
        {view.step === 'invalid' && (
          <Stack gap="md">
            <Title order={1}>{t('signin.authorize.invalidTitle')}</Title>
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t(errorPhraseKey(view.error))}
            </Alert>
            <Text size="sm">{t('signin.authorize.invalidHint')}</Text>
          </Stack>
        )}
        {view.step === 'leaving' && (
          <Stack align="center" gap="sm" role="status">
            <Loader aria-hidden />
            <Text>{t('signin.authorize.redirecting', { client: clientName(view.description) })}</Text>
          </Stack>
        )}
        {view.step === 'consent' && (
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1}>{t('signin.authorize.title')}</Title>
              <Text>{t('signin.authorize.intro', { client: clientName(view.description) })}</Text>
              {user && (
                <Text c="dimmed" size="sm">
                  {t('signin.authorize.signedInAs', { name: user.display_name ?? user.name })}
                </Text>
              )}
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('signin.authorize.scopesLabel')}
              </Title>
              <List aria-label={t('signin.authorize.scopesLabel')}>
                {view.description.scope_details.map((scope) => (
                  <List.Item key={scope.name}>
                    <Text span fw={600}>
                      {scope.name}
                    </Text>
                    {': '}
                    {scopeText(scope)}
                  </List.Item>
                ))}
              </List>
            </Stack>
            {failure !== null && (
              <Alert
                color="red"
                variant="light"
                title={t('signin.authorize.failed')}
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
              >
                {t(errorPhraseKey(failure))}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconX size={18} aria-hidden />}
                loading={busy === 'deny'}
                disabled={busy !== null}
                onClick={() => void decide(view.description, 'deny')}
              >
                {t('signin.authorize.deny')}
              </Button>
              <Button
                leftSection={<IconCheck size={18} aria-hidden />}
                loading={busy === 'approve'}
                disabled={busy !== null}
                onClick={() => void decide(view.description, 'approve')}
              >
                {t('signin.authorize.approve')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
