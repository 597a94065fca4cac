import { Alert, Button, Group, List, Stack, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyIndicator } from '../../../components/BusyIndicator/BusyIndicator.tsx';
import { useLayoutRecord } from '../../../components/RecordLayout/RecordLayout.tsx';
import type { Analysis } from '../../../resources/hub-resources.ts';
import { useAnalysisNodes } from '../NodeProgress.tsx';
import {
  configurationChecks,
  firstFailingStep,
  stepMessages,
  WIZARD_STEPS,
  type WizardStep,
} from './configuration-checks.ts';
import { FilesStep } from './FilesStep.tsx';
import { ImageStep } from './ImageStep.tsx';
import { NextStepsModal } from './NextStepsModal.tsx';
import { NodesStep } from './NodesStep.tsx';
import { SecurityStep } from './SecurityStep.tsx';
import { useCodeBucket, useCodeFiles } from './use-code-bucket.ts';

const STEP_LABELS = {
  nodes: 'analyses.wizard.nodes',
  files: 'analyses.wizard.files',
  image: 'analyses.wizard.image',
  security: 'analyses.wizard.security',
} as const;

/**
 * `/analyses/:id/setup`: the configuration wizard (nodes, files, image, security). It opens at the
 * first step whose check fails; Finish needs an entrypoint and offers lock and build start. While
 * the configuration is locked (and once the build started) everything is read-only.
 */
export function AnalysisSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const analysis = useLayoutRecord<Analysis>();
  const nodes = useAnalysisNodes(analysis.id);
  const bucket = useCodeBucket(analysis.id);
  const files = useCodeFiles(analysis.id, bucket.data?.id);
  const [step, setStep] = useState<WizardStep | null>(null);
  const [finishOpened, finish] = useDisclosure(false);
  const ready = !nodes.isPending && !bucket.isPending && (!bucket.data || !files.isPending);
  const checks = configurationChecks(analysis, {
    nodeTypes: (nodes.data?.data ?? []).map((row) => row.node?.type ?? ''),
    entrypoint: (files.data?.data ?? []).some((file) => file.root),
  });
  // The wizard opens once at the first failing step; afterwards the user moves on their own.
  if (ready && step === null) setStep(firstFailingStep(checks));

  if (!ready || step === null) return <BusyIndicator label={t('admin.list.loading')} />;
  const readOnly = analysis.configuration_locked;
  const index = WIZARD_STEPS.indexOf(step);
  const messages = stepMessages(step, checks);

  return (
    <Stack gap="md">
      {readOnly && (
        <Alert color="blue" variant="light" icon={<IconLock aria-hidden />}>
          {t(analysis.build_status ? 'analyses.wizard.readOnly' : 'analyses.wizard.lockedHint')}
        </Alert>
      )}
      <Tabs value={step} onChange={(value) => value && setStep(value as WizardStep)} keepMounted={false}>
        <Tabs.List aria-label={t('analyses.wizard.label')}>
          {WIZARD_STEPS.map((name) => (
            <Tabs.Tab
              key={name}
              value={name}
              leftSection={
                stepMessages(name, checks).length > 0 ? (
                  <IconAlertTriangle size={14} color="orange" aria-hidden />
                ) : undefined
              }
            >
              {t(STEP_LABELS[name])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {messages.length > 0 && (
          <Alert color="orange" variant="light" mt="sm" role="status">
            <List size="sm">
              {messages.map((message) => (
                <List.Item key={message}>{t(message)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Tabs.Panel value="nodes" pt="md">
          <NodesStep analysis={analysis} nodes={nodes} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="md">
          <FilesStep analysis={analysis} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="image" pt="md">
          <ImageStep analysis={analysis} readOnly={readOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="md">
          <SecurityStep analysis={analysis} readOnly={readOnly} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={index === 0}
          onClick={() => setStep(WIZARD_STEPS[index - 1] ?? step)}
        >
          {t('analyses.wizard.back')}
        </Button>
        {index < WIZARD_STEPS.length - 1 ? (
          <Button onClick={() => setStep(WIZARD_STEPS[index + 1] ?? step)}>
            {t('analyses.wizard.next')}
          </Button>
        ) : (
          <Button
            color="teal.9"
            disabled={!checks.entrypoint || !!analysis.build_status}
            onClick={finish.open}
          >
            {t('analyses.wizard.finish')}
          </Button>
        )}
      </Group>
      <NextStepsModal
        opened={finishOpened}
        onClose={finish.close}
        analysis={analysis}
        onDone={() => {
          finish.close();
          void navigate(`/analyses/${analysis.id}`);
        }}
      />
    </Stack>
  );
}
