import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorMessage } from '../../forms/server-errors.tsx';
import { FormFailure } from './FormFailure.tsx';
import { isStaleSave } from './stale-save.ts';

interface SaveFooterProps {
  /** Why the last save failed, shown above the button; nothing while null. */
  readonly error: unknown;
  readonly saving: boolean;
  /** Whether the form edits a stored record ("Update") or makes a new one ("Create"). */
  readonly editing: boolean;
}

/**
 * The end of an entity form: the failure of the last save, then the submit button. A save refused
 * because someone else changed the record meanwhile offers to reload it or to overwrite their change.
 */
export function SaveFooter({ error, saving, editing }: SaveFooterProps) {
  const { t } = useTranslation();
  if (isStaleSave(error)) {
    return (
      <Alert color="orange" variant="light" role="alert" title={t('saveConflict.title')}>
        <Stack gap="sm">
          <FormErrorMessage error={error.failure} />
          <Group>
            <Button variant="default" onClick={error.reload}>
              {t('saveConflict.reload')}
            </Button>
            <Button color="orange" loading={saving} onClick={() => void error.overwrite()}>
              {t('saveConflict.overwrite')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <FormFailure error={error} />
      <Group>
        <Button type="submit" loading={saving}>
          {t(editing ? 'admin.form.update' : 'admin.form.create')}
        </Button>
      </Group>
    </>
  );
}
