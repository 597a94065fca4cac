import { Avatar, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { UserSchema } from '@federa/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';

/** `/users/{id}`: the profile of a user as others see it. */
export function UserProfilePage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const api = useApiClient();
  const user = useQuery({
    queryKey: ['auth', 'users', 'profile', id],
    queryFn: ({ signal }) =>
      api.get('auth', `users/${encodeURIComponent(id)}`, {
        query: { include: ['realm'] },
        signal,
        schema: UserSchema,
      }),
  });

  if (user.isPending) return <BusyIndicator label={t('app.shell.loading')} />;
  if (user.isError)
    return (
      <Stack>
        <Title order={1}>{t('app.pages.user')}</Title>
        <Text c="red" role="alert">
          {t(errorPhraseKey(user.error))}
        </Text>
      </Stack>
    );

  const data = user.data;
  const name = data.display_name || data.name;
  return (
    <Stack gap="lg">
      <Group gap="md">
        <Avatar size="lg" radius="xl" src={data.avatar ?? undefined} alt="" color="indigo">
          {name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={0}>
          <Title order={1}>{t('userProfile.title', { name })}</Title>
          <Text c="dimmed">@{data.name}</Text>
        </Stack>
      </Group>
      <Paper withBorder p="md" maw={640}>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={180}>
                {t('admin.fields.name')}
              </Table.Th>
              <Table.Td>{data.name}</Table.Td>
            </Table.Tr>
            {data.display_name && (
              <Table.Tr>
                <Table.Th scope="row">{t('admin.fields.displayName')}</Table.Th>
                <Table.Td>{data.display_name}</Table.Td>
              </Table.Tr>
            )}
            {data.realm && (
              <Table.Tr>
                <Table.Th scope="row">{t('userProfile.realm')}</Table.Th>
                <Table.Td>{data.realm.name}</Table.Td>
              </Table.Tr>
            )}
            {data.status_message && (
              <Table.Tr>
                <Table.Th scope="row">{t('userProfile.status')}</Table.Th>
                <Table.Td>{data.status_message}</Table.Td>
              </Table.Tr>
            )}
            {data.created_at && (
              <Table.Tr>
                <Table.Th scope="row">{t('userProfile.memberSince')}</Table.Th>
                <Table.Td>{new Date(data.created_at).toLocaleDateString(i18n.language)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
