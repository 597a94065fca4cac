import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../../components/Feedback/notify.ts';
import { maxLength, minLength, required, textRules } from '../../forms/rules.tsx';
import { hubResources, type Analysis } from '../../resources/hub-resources.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { failureText } from '../../api/refusal-text.ts';

/** Analysis name: required, 3-128 characters (docs/product/analysis-platform.md §5). */
export const analysisNameRule = textRules(required(), minLength(3), maxLength(128));

/** The name as a link to the analysis; with `editable` a pencil turns it into a field with save. */
export function AnalysisName({
  analysis,
  editable,
}: {
  readonly analysis: Analysis;
  readonly editable: boolean;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(analysis.name ?? '');
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const display = analysis.name || t('analyses.list.unnamed');
  const error = analysisNameRule(value);

  const save = async () => {
    if (error) return;
    setSaving(true);
    setServerError(null);
    try {
      await api.post('core', `analyses/${encodeURIComponent(analysis.id)}`, { name: value.trim() });
      await queryClient.invalidateQueries({ queryKey: resourceKey(hubResources.analyses) });
      notify(t, { color: 'green', message: t('analyses.list.nameSaved') });
      setEditing(false);
    } catch (failure) {
      setServerError(failureText(t as (key: string) => string, failure));
    } finally {
      setSaving(false);
    }
  };

  if (editing) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Group gap={4} align="start" wrap="nowrap">
          <TextInput
            size="xs"
            aria-label={t('analyses.form.name')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={serverError ?? (value ? error : null)}
            autoFocus
            style={{ flex: 1 }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <ActionIcon
            type="submit"
            size="lg"
            color="green"
            variant="light"
            loading={saving}
            disabled={!!error}
            aria-label={t('analyses.list.saveName')}
          >
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            size="lg"
            variant="subtle"
            color="gray"
            onClick={() => setEditing(false)}
            aria-label={t('analyses.list.cancelEdit')}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Text fw={600} component={Link} to={`/analyses/${analysis.id}`} style={{ overflowWrap: 'anywhere' }}>
        {display}
      </Text>
      {editable && (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('analyses.list.editName', { name: display })}
          onClick={() => {
            setValue(analysis.name ?? '');
            setServerError(null);
            setEditing(true);
          }}
        >
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}
