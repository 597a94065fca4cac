import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { authResources } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';
import { settingsApi, settingsQueryKeys, type OwnUser } from './settings-api.ts';
import { profilePayload, profileValues, validateProfile, type ProfileValues } from './settings-forms.tsx';
import { BusyIndicator } from '../../components/BusyIndicator/BusyIndicator.tsx';

function ProfileForm({ user }: { readonly user: OwnUser }) {
  const { t } = useTranslation();
  const locked = user.name_locked === true;
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: profileValues(user),
    validate: validateProfile,
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.users,
    entity: user,
    form,
    fields: ['name', 'display_name', 'email'],
  });
  const submit = form.onSubmit((values) => save(profilePayload(values, locked)));
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
        <SaveFooter error={error} saving={saving} editing />
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
