import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The frame of the signed-out account screens, like the sign-in page: title, intro, form, way back. */
export function AccountCard({
  title,
  intro,
  children,
}: {
  readonly title: string;
  readonly intro?: string;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={460}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {intro && (
              <Text c="dimmed" size="sm">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
          <Anchor component={Link} to="/login" size="sm">
            {t('account.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
