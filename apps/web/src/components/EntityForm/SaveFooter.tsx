import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormFailure } from './FormFailure.tsx';

interface SaveFooterProps {
  /** Why the last save failed, shown above the button; nothing while null. */
  readonly error: unknown;
  readonly saving: boolean;
  /** Whether the form edits a stored record ("Update") or makes a new one ("Create"). */
  readonly editing: boolean;
}

/** The end of an entity form: the failure of the last save, then the submit button. */
export function SaveFooter({ error, saving, editing }: SaveFooterProps) {
  const { t } = useTranslation();
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
