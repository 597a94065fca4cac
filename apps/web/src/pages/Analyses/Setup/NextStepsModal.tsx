import { AnalysisCommand } from '@federa/schemas';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Analysis } from '../../../resources/hub-resources.ts';
import { useAnalysisCommand } from '../use-analysis-command.ts';

/**
 * After Finish: lock the configuration and, once locked, start the build (on by default). A refusal
 * of the server (e.g. a node has not approved yet) is shown in the modal.
 */
export function NextStepsModal({
  opened,
  onClose,
  analysis,
  onDone,
}: {
  readonly opened: boolean;
  readonly onClose: () => void;
  readonly analysis: Analysis;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation();
  const [lock, setLock] = useState(true);
  const [build, setBuild] = useState(true);
  const { run, running, error } = useAnalysisCommand(analysis.id);
  const locked = analysis.configuration_locked;

  const execute = async () => {
    if (!locked && lock) {
      if (!(await run(AnalysisCommand.CONFIGURATION_LOCK))) return;
    }
    if ((locked || lock) && build) {
      if (!(await run(AnalysisCommand.BUILD_START))) return;
    }
    onDone();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('analyses.wizard.nextSteps')}
      closeButtonProps={{ 'aria-label': t('admin.dialog.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('analyses.wizard.nextStepsIntro')}</Text>
        <Checkbox
          label={t('analyses.wizard.lock')}
          checked={locked || lock}
          disabled={locked}
          onChange={(event) => setLock(event.currentTarget.checked)}
        />
        <Checkbox
          label={t('analyses.wizard.startBuild')}
          checked={(locked || lock) && build}
          disabled={!(locked || lock)}
          onChange={(event) => setBuild(event.currentTarget.checked)}
        />
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
        <Group justify="end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('admin.list.cancel')}
          </Button>
          <Button
            color="teal.9"
            loading={running !== null}
            disabled={!(locked || lock)}
            onClick={() => void execute()}
          >
            {t('analyses.wizard.execute')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
