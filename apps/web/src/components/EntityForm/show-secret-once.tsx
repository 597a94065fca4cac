import { Code, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { CopyValueButton } from '../CopyValueButton/CopyValueButton.tsx';
import { modalCloseProps } from '../Feedback/notify.ts';

/** After a create or a new secret: shows the plain secret the server answered with, this once, to copy. */
export function showSecretOnce(t: TFunction, secret: string | null | undefined): void {
  if (!secret || secret.startsWith('$')) return;
  modals.open({
    ...modalCloseProps(t),
    title: t('admin.fields.secret'),
    children: (
      <Stack gap="sm">
        <Text size="sm">{t('admin.fields.secretShownOnce')}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group>
          <CopyValueButton value={secret} name={t('admin.fields.secret')} />
        </Group>
      </Stack>
    ),
  });
}
