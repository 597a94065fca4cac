import { AnalysisCommand, isAnalysisCommandExecutable, PermissionName as P } from '@federa/schemas';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/Confirm/use-confirm.tsx';
import type { Analysis } from '../../resources/hub-resources.ts';
import { useSession } from '../../session/session-context.tsx';
import { COMMAND_BUTTONS } from './analysis-status.ts';
import { useAnalysisCommand } from './use-analysis-command.ts';

/** Who may run which command (as the server checks it). */
const COMMAND_PERMISSIONS: Record<string, readonly string[]> = {
  [AnalysisCommand.CONFIGURATION_LOCK]: [P.ANALYSIS_UPDATE],
  [AnalysisCommand.CONFIGURATION_UNLOCK]: [P.ANALYSIS_UPDATE],
  [AnalysisCommand.BUILD_START]: [P.ANALYSIS_UPDATE, P.ANALYSIS_EXECUTION_START],
  [AnalysisCommand.BUILD_STOP]: [P.ANALYSIS_UPDATE, P.ANALYSIS_EXECUTION_STOP],
  [AnalysisCommand.BUILD_STATUS]: [P.ANALYSIS_UPDATE, P.ANALYSIS_EXECUTION_START, P.ANALYSIS_EXECUTION_STOP],
};

/**
 * The pipeline commands of an analysis: a button only for each command its state allows and the
 * user may run; a refusal of the server is shown under the buttons.
 */
export function AnalysisCommands({ analysis }: { readonly analysis: Analysis }) {
  const { t } = useTranslation();
  const { hasAnyPermission } = useSession();
  const confirm = useConfirm();
  const { run, running, error } = useAnalysisCommand(analysis.id);
  const allowed = COMMAND_BUTTONS.filter(
    ({ command }) =>
      hasAnyPermission(COMMAND_PERMISSIONS[command] ?? []) &&
      isAnalysisCommandExecutable({ ...analysis, master_image_id: analysis.master_image_id ?? null }, command)
        .success,
  );
  return (
    <Stack gap="xs">
      {allowed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('analyses.command.none')}
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('analyses.command.commands')}>
          {allowed.map(({ command, label, color }) => (
            <Button
              key={command}
              size="xs"
              color={color}
              loading={running === command}
              disabled={running !== null && running !== command}
              onClick={() => {
                // Unlocking resets the nodes' approvals, stopping ends a build: both ask first.
                if (
                  command === AnalysisCommand.CONFIGURATION_UNLOCK ||
                  command === AnalysisCommand.BUILD_STOP
                ) {
                  confirm({
                    title: t(label),
                    message: t(
                      command === AnalysisCommand.BUILD_STOP
                        ? 'analyses.command.confirmStop'
                        : 'analyses.command.confirmUnlock',
                    ),
                    confirmLabel: t(label),
                    onConfirm: () => void run(command),
                  });
                } else void run(command);
              }}
            >
              {t(label)}
            </Button>
          ))}
        </Group>
      )}
      {error && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle aria-hidden />}
          title={t('analyses.command.failed')}
        >
          {error}
        </Alert>
      )}
    </Stack>
  );
}
