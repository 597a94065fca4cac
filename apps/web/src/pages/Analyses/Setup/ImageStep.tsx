import type { MasterImageCommandArgument } from '@federa/schemas';
import {
  ActionIcon,
  Button,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/Feedback/notify.ts';
import { MasterImagePicker } from '../../../components/MasterImagePicker/MasterImagePicker.tsx';
import { maxLength, minLength, required, textRules } from '../../../forms/rules.tsx';
import { hubResources, type Analysis } from '../../../resources/hub-resources.ts';
import { resourceKey } from '../../../resources/resource-types.ts';
import { useApiClient } from '../../../session/session-context.tsx';
import { failureText } from '../../../api/refusal-text.ts';

/** Name-list items: required, 2-512 characters; at most 100 (docs/product/analysis-platform.md §5). */
const argumentRule = textRules(required(), minLength(2), maxLength(512));
const MAX_ARGUMENTS = 100;

/** The command line the node runs: image command, arguments before, the image's own, arguments after. */
export function commandLine(
  command: string | null | undefined,
  own: readonly MasterImageCommandArgument[],
  extra: readonly MasterImageCommandArgument[],
): string {
  const before = extra.filter((argument) => argument.position === 'before').map((argument) => argument.value);
  const after = extra.filter((argument) => argument.position !== 'before').map((argument) => argument.value);
  return [command ?? '', ...before, ...own.map((argument) => argument.value), ...after]
    .filter(Boolean)
    .join(' ');
}

/** Master image of the analysis (saved when chosen) and the extra command arguments. */
export function ImageStep({
  analysis,
  readOnly,
}: {
  readonly analysis: Analysis;
  readonly readOnly: boolean;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [args, setArgs] = useState<MasterImageCommandArgument[]>(() => [
    ...(analysis.image_command_arguments ?? []),
  ]);
  const [saving, setSaving] = useState(false);

  const update = async (body: Record<string, unknown>) => {
    try {
      await api.post('core', `analyses/${encodeURIComponent(analysis.id)}`, body);
      await queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.analyses) });
      notify(t, { color: 'green', message: t('admin.form.updated') });
    } catch (error) {
      notify(t, {
        color: 'red',
        title: t('admin.form.failed'),
        message: failureText(t as (key: string) => string, error),
      });
    }
  };
  const invalid = args.some((argument) => argumentRule(argument.value) !== null);

  return (
    <Stack gap="lg">
      <MasterImagePicker
        value={analysis.master_image_id ?? null}
        onChange={(id) => {
          if (id && id !== analysis.master_image_id) void update({ master_image_id: id });
        }}
        disabled={readOnly}
        required
      />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('analyses.image.arguments')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('analyses.image.argumentsDescription')}
        </Text>
        {args.map((argument, index) => (
          <Group key={index} gap="xs" align="start" wrap="wrap">
            <TextInput
              aria-label={`${t('analyses.image.value')} ${index + 1}`}
              placeholder={t('analyses.image.value')}
              value={argument.value}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setArgs((current) =>
                  current.map((item, position) => (position === index ? { ...item, value } : item)),
                );
              }}
              error={argument.value ? argumentRule(argument.value) : null}
              disabled={readOnly}
              style={{ flex: 1, minWidth: 160 }}
            />
            <SegmentedControl
              aria-label={`${t('analyses.image.position')} ${index + 1}`}
              value={argument.position ?? 'after'}
              onChange={(position) =>
                setArgs((current) =>
                  current.map((item, place) =>
                    place === index ? { ...item, position: position as 'before' | 'after' } : item,
                  ),
                )
              }
              data={[
                { value: 'before', label: t('analyses.image.before') },
                { value: 'after', label: t('analyses.image.after') },
              ]}
              disabled={readOnly}
            />
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('analyses.image.removeArgument', { index: index + 1 })}
                onClick={() => setArgs((current) => current.filter((_, position) => position !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        {analysis.master_image && (
          <Text size="sm">
            {t('analyses.image.command')}:{' '}
            <Code>
              {commandLine(
                analysis.master_image.command,
                analysis.master_image.command_arguments ?? [],
                args,
              )}
            </Code>
          </Text>
        )}
        {!readOnly && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={args.length >= MAX_ARGUMENTS}
              onClick={() => setArgs((current) => [...current, { value: '', position: 'after' }])}
            >
              {t('analyses.image.addArgument')}
            </Button>
            <Button
              loading={saving}
              disabled={invalid}
              onClick={async () => {
                setSaving(true);
                await update({
                  image_command_arguments: args.map((argument) => ({
                    ...argument,
                    value: argument.value.trim(),
                  })),
                });
                setSaving(false);
              }}
            >
              {t('analyses.image.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
