import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../components/Feedback/notify.ts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { applyServerIssues } from '../../forms/server-errors.tsx';
import { useApiClient } from '../../session/session-context.tsx';
import { settingsApi, settingsQueryKeys, type OwnUser } from './settings-api.ts';
import { profilePayload, profileValues, validateProfile, type ProfileValues } from './settings-forms.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';

function ProfileForm({ user }: { readonly user: OwnUser }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const locked = user.name_locked === true;
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: profileValues(user),
    validate: validateProfile,
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    try {
      await settingsApi.update(api, user.id, profilePayload(values, locked));
      await queryClient.invalidateQueries({ queryKey: settingsQueryKeys.me });
      notify(t, { color: 'green', message: t('admin.form.updated') });
    } catch (error) {
      applyServerIssues(form, error, ['name', 'display_name', 'email']);
      setFailure(error);
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-heading">
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('admin.fields.name')}
          description={locked ? t('settings.nameLocked') : undefined}
          disabled={locked}
          required
          autoComplete="username"
        />
        <TextInput
          {...form.getInputProps('display_name')}
          key={form.key('display_name')}
          label={t('admin.fields.displayName')}
          autoComplete="name"
        />
        <TextInput
          {...form.getInputProps('email')}
          key={form.key('email')}
          type="email"
          label={t('admin.fields.email')}
          autoComplete="email"
        />
        <FormFailure error={failure} />
        <Group>
          <Button type="submit" loading={submitting} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
            {t('admin.form.update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/settings`: the signed-in user's own profile (name, display name, email). */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const me = useQuery({
    queryKey: settingsQueryKeys.me,
    queryFn: ({ signal }) => settingsApi.me(api, signal),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="profile-heading">
            {t('settings.profile')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.profileDescription')}
          </Text>
        </Stack>
        {me.isPending && <BusyIndicator label={t('app.shell.loading')} />}
        {me.isError && (
          <Text c="red" role="alert">
            {t(errorPhraseKey(me.error))}
          </Text>
        )}
        {me.data && <ProfileForm key={me.data.id} user={me.data} />}
      </Stack>
    </Paper>
  );
}
