import { Alert, Box, Button, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../../api/error-phrase.ts';
import { BusyIndicator } from '../../../components/BusyIndicator/BusyIndicator.tsx';
import { isErrorLevel, levelColor, levelTextColor, logTimeToDate } from './log-entries.ts';
import { useLogTail, type LogFollow } from './use-log-tail.ts';

/** The log lines of an analysis or of one of its nodes: local time, coloured level, errors highlighted. */
export function LogList({
  path,
  filter,
  live,
  label,
  follow,
}: {
  readonly path: string;
  readonly filter: Record<string, string>;
  readonly live: boolean;
  readonly label: string;
  /** The realtime room the server also sends new lines to, appended as they arrive. */
  readonly follow?: LogFollow;
}) {
  const { t, i18n } = useTranslation();
  const { entries, error, loading, reload } = useLogTail(path, filter, live, follow);
  if (error && entries.length === 0) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('admin.list.loadFailed')}>
        <Stack gap="xs" align="start">
          {t(errorPhraseKey(error))}
          <Button size="xs" variant="light" onClick={() => void reload()}>
            {t('admin.list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (loading && entries.length === 0) return <BusyIndicator label={t('admin.list.loading')} />;
  return (
    <Stack gap={4}>
      {live && (
        <Text size="xs" c="dimmed" role="status">
          {t('analyses.logs.live')}
        </Text>
      )}
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analyses.logs.empty')}
        </Text>
      ) : (
        <Box
          component="ol"
          aria-label={label}
          style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 480, overflowY: 'auto' }}
        >
          {entries.map((entry, index) => {
            const error_ = isErrorLevel(entry.level);
            return (
              <Box
                component="li"
                key={entry.id ?? `${entry.time}-${index}`}
                px="xs"
                py={2}
                bg={error_ ? 'var(--mantine-color-red-light)' : undefined}
                style={{
                  fontFamily: 'var(--mantine-font-family-monospace)',
                  fontSize: 13,
                  overflowWrap: 'anywhere',
                }}
              >
                <time dateTime={logTimeToDate(entry.time).toISOString()}>
                  {logTimeToDate(entry.time).toLocaleString(i18n.language)}
                </time>{' '}
                <Code bg={levelColor(entry.level)} style={{ color: levelTextColor(entry.level) }}>
                  {entry.level}
                </Code>{' '}
                <span style={{ fontWeight: error_ ? 600 : undefined }}>{entry.message}</span>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
