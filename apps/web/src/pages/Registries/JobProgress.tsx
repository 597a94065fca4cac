import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime.tsx';
import type { CommandJob } from './use-command-job.ts';

export interface JobProgressProps {
  readonly job: CommandJob;
  /** Queues a failed job again; omitted where the job cannot be retried. */
  readonly onRetry?: (jobId: string) => Promise<unknown>;
}

/**
 * Where a registry command's job stands: waiting for the worker, running (which attempt), waiting to
 * try again after an error, finished, or failed with the registry's reason and a retry button.
 */
export function JobProgress({ job, onRetry }: JobProgressProps) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<unknown>(null);
  const attempt = { attempt: Math.max(job.attempts, 1), max: job.max_attempts };

  if (job.status === 'queued' || job.status === 'running') {
    const waitingToRetry = job.status === 'queued' && job.attempts > 0;
    if (waitingToRetry) {
      return (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
          <Stack gap={2}>
            <span>{t('registries.job.retrying', attempt)}</span>
            {job.last_error && <Text size="sm">{job.last_error}</Text>}
          </Stack>
        </Alert>
      );
    }
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">
          {job.status === 'queued' ? t('registries.job.queued') : t('registries.job.running', attempt)}
        </Text>
      </Group>
    );
  }
  if (job.status === 'finished') {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {t('registries.job.finished')} <RelativeTime value={job.updated_at} />
      </Alert>
    );
  }
  if (job.status === 'cancelled') {
    return (
      <Text size="sm" role="status">
        {t('registries.job.cancelled')} <RelativeTime value={job.updated_at} />
      </Text>
    );
  }
  const retry = async () => {
    if (!onRetry) return;
    setRetrying(true);
    setRetryError(null);
    try {
      await onRetry(job.id);
    } catch (error) {
      setRetryError(error);
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      title={t('registries.job.failed', attempt)}
    >
      <Stack gap="xs" align="flex-start">
        {job.last_error && <Text size="sm">{job.last_error}</Text>}
        <Text size="xs">
          <RelativeTime value={job.updated_at} />
        </Text>
        {onRetry && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={retrying}
            onClick={() => void retry()}
          >
            {t('registries.job.retry')}
          </Button>
        )}
        {retryError !== null && <Text size="sm">{t(errorPhraseKey(retryError))}</Text>}
      </Stack>
    </Alert>
  );
}
