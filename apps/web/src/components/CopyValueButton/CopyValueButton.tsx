import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How long "Copied" shows after copying (docs/product/analysis-platform.md §9: copy feedback 1500 ms). */
export const COPY_FEEDBACK_MS = 1500;

/**
 * "Copy" that turns into "Copied" for 1.5 s; its accessible name says what it copies
 * ("Copy Secret"), so several of them on one screen stay apart.
 */
export function CopyValueButton({ value, name }: { readonly value: string; readonly name: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={COPY_FEEDBACK_MS}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="default"
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={copy}
          aria-label={copied ? t('copy.copied') : t('copy.label', { name })}
        >
          {copied ? t('copy.copied') : t('copy.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
