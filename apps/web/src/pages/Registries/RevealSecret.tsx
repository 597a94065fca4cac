import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { adminHubResources } from '../../resources/admin-hub-resources.ts';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { useApiClient } from '../../session/session-context.tsx';

/**
 * The robot secret of a registry project, fetched only when a registry manager asks for it
 * (`fields=+account_secret`, which the API answers to registry managers only) and kept in this
 * component alone, never in a cache.
 */
export function RevealSecret({ projectId }: { readonly projectId: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [secret, setSecret] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const reveal = async () => {
    setFailure(null);
    setLoading(true);
    try {
      const answer = await api.get('core', `registry-projects/${encodeURIComponent(projectId)}`, {
        query: { fields: ['+account_secret'] },
        schema: adminHubResources.registryProjects.schema,
      });
      setSecret(answer.account_secret ?? null);
    } catch (error) {
      setFailure(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Stack gap="xs" maw={720}>
      <Group>
        {secret === undefined ? (
          <Button
            variant="default"
            leftSection={<IconEye size={16} aria-hidden />}
            loading={loading}
            onClick={() => void reveal()}
          >
            {t('registries.project.reveal')}
          </Button>
        ) : (
          <Button
            variant="default"
            leftSection={<IconEyeOff size={16} aria-hidden />}
            onClick={() => setSecret(undefined)}
          >
            {t('registries.project.hide')}
          </Button>
        )}
      </Group>
      {secret !== undefined &&
        (secret === null ? (
          <Text size="sm">{t('registries.project.secretNone')}</Text>
        ) : (
          <Code block aria-label={t('registries.project.secret')} style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
        ))}
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" title={t('registries.project.revealFailed')}>
          {t(errorPhraseKey(failure))}
        </Alert>
      )}
    </Stack>
  );
}
