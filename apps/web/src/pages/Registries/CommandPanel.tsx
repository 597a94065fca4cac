import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { JobProgress } from './JobProgress.tsx';
import { useCommandJob } from './use-command-job.ts';

type Outcome = { readonly ok: true; readonly at: Date } | { readonly ok: false; readonly error: unknown };

export interface CommandPanelProps {
  readonly title: string;
  readonly intro: string;
  readonly runLabel: string;
  /** `setup` or `cleanup` of the registry service. */
  readonly command: 'setup' | 'cleanup';
  readonly registryId: string;
}

/**
 * Runs one registry command (`POST services/registry/command`) and follows it: a busy button while
 * the request runs, a refusal when it is refused, and then the job the worker carries out (waiting,
 * running, retrying, finished, or failed with the reason and a retry). The latest run shows when
 * the panel opens. Without access to the job list (hub operators only) it says that the command
 * was accepted.
 */
export function CommandPanel({ title, intro, runLabel, command, registryId }: CommandPanelProps) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { job, readable, refresh, retry } = useCommandJob(registryId, command);

  const run = async () => {
    setRunning(true);
    setOutcome(null);
    try {
      await api.post('core', 'services/registry/command', { command, id: registryId });
      // The job is recorded before the answer: read it before the button is free again.
      await refresh();
      setOutcome({ ok: true, at: new Date() });
    } catch (error) {
      setOutcome({ ok: false, error });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Paper withBorder p="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm">{intro}</Text>
        <Group>
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            loading={running}
            onClick={() => void run()}
          >
            {runLabel}
          </Button>
          {running && (
            <Text size="sm" c="dimmed" role="status">
              {t('registries.command.running')}
            </Text>
          )}
        </Group>
        {job && outcome?.ok !== false && <JobProgress job={job} onRetry={retry} />}
        {outcome?.ok === true && !(readable && job) && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            <Stack gap={2}>
              <span>{t('registries.command.accepted')}</span>
              <Text size="xs" c="dimmed">
                {t('registries.command.lastRun', { time: outcome.at.toLocaleString(i18n.language) })}
              </Text>
            </Stack>
          </Alert>
        )}
        {outcome?.ok === false && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
            title={t('registries.command.failed')}
          >
            {t(errorPhraseKey(outcome.error))}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
