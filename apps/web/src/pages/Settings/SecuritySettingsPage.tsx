import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../components/Feedback/notify.ts';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { passwordValidation, type PasswordValues } from '../../forms/password-rules.ts';
import { applyServerIssues } from '../../forms/server-errors.tsx';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { settingsApi } from './settings-api.ts';

/** `/settings/security`: change the own password (entered twice). */
export function SecuritySettingsPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { user } = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', password_repeat: '' },
    validate: passwordValidation,
  });
  const submit = form.onSubmit(async (values) => {
    if (!user) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await settingsApi.update(api, user.id, {
        password: values.password,
        password_repeat: values.password_repeat,
      });
      form.reset();
      notify(t, { color: 'green', message: t('adminB.settings.passwordChanged') });
    } catch (error) {
      applyServerIssues(form, error, ['password', 'password_repeat']);
      setFailure(error);
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-labelledby="password-heading">
        <Stack gap="md" maw={480}>
          <Title order={2} size="h3" id="password-heading">
            {t('adminB.settings.changePassword')}
          </Title>
          <PasswordInput
            {...form.getInputProps('password')}
            key={form.key('password')}
            label={t('adminB.settings.password')}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            {...form.getInputProps('password_repeat')}
            key={form.key('password_repeat')}
            label={t('adminB.settings.passwordRepeat')}
            autoComplete="new-password"
            required
          />
          <FormFailure error={failure} />
          <Group>
            <Button type="submit" loading={submitting} leftSection={<IconLock size={18} aria-hidden />}>
              {t('adminB.settings.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
