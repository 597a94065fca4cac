import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isClientError } from '@federa/client';
import { notify } from '../../components/Feedback/notify.ts';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { passwordValidation, type PasswordValues } from '../../forms/password-rules.ts';
import { maxLength, required, textRules } from '../../forms/rules.tsx';
import { applyServerIssues } from '../../forms/server-errors.tsx';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { settingsApi } from './settings-api.ts';
import { CurrentPasswordField, NewPasswordFields } from '../../forms/PasswordFields.tsx';

type OwnPasswordValues = PasswordValues & { password_current: string };

/**
 * `/settings/security`: change the own password (the current one, the new one twice), and the list of
 * the user's sessions.
 */
export function SecuritySettingsPage() {
  return (
    <Stack gap="lg">
      <PasswordCard />
      <SessionsCard />
    </Stack>
  );
}

function PasswordCard() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { user } = useSession();
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<OwnPasswordValues>({
    mode: 'controlled',
    initialValues: { password_current: '', password: '', password_repeat: '' },
    validate: { ...passwordValidation, password_current: textRules(required(), maxLength(512)) },
  });
  const submit = form.onSubmit(async (values) => {
    if (!user) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await settingsApi.update(api, user.id, {
        password_current: values.password_current,
        password: values.password,
        password_repeat: values.password_repeat,
      });
      form.reset();
      notify(t, { color: 'green', message: t('settings.passwordChanged') });
    } catch (error) {
      // A wrong current password belongs at its field; anything else also goes to the summary.
      if (isClientError(error) && error.code === 'current_password_invalid') {
        form.setFieldError('password_current', t('errors.current_password_invalid'));
      } else {
        applyServerIssues(form, error, ['password', 'password_repeat']);
        setFailure(error);
      }
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-labelledby="password-heading">
        <Stack gap="md" maw={480}>
          <Title order={2} size="h3" id="password-heading">
            {t('settings.changePassword')}
          </Title>
          <CurrentPasswordField form={form} />
          <NewPasswordFields form={form} />
          <FormFailure error={failure} />
          <Group>
            <Button type="submit" loading={submitting} leftSection={<IconLock size={18} aria-hidden />}>
              {t('settings.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
