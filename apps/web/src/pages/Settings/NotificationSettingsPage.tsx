import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `/settings/notifications`: how the app informs the user (no settings of its own yet). */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('settings.notifications')}
        </Title>
        <Text size="sm">{t('settings.notificationsDescription')}</Text>
        <Text size="sm" c="dimmed">
          {t('settings.notificationsNone')}
        </Text>
      </Stack>
    </Paper>
  );
}
