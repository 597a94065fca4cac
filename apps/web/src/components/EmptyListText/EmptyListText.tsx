import { Text } from '@mantine/core';
import type { PlainPhraseKey } from '@federa/phrases';
import { useTranslation } from 'react-i18next';

export interface EmptyListTextProps {
  /** A more specific text, e.g. `No more analyses available...`; the generic one otherwise. */
  readonly phrase?: PlainPhraseKey;
}

/** Shown in place of a list that has no (more) items. */
export function EmptyListText({ phrase = 'app.list.empty' }: EmptyListTextProps) {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" ta="center" py="lg" role="status">
      {t(phrase)}
    </Text>
  );
}
