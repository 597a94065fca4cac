import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerIssues } from '../../forms/server-errors.tsx';
import { useApiClient } from '../../session/session-context.tsx';
import { AccountFailure, AccountSuccess } from './AccountAlerts.tsx';
import { AccountCard } from './AccountCard.tsx';
import { AccountRealmField } from './AccountRealmField.tsx';
import { accountApi, type RegisteredAccount } from './account-api.ts';
import { registerValidation, type RegisterValues } from './account-forms.ts';
import { NewPasswordFields } from '../../forms/PasswordFields.tsx';
import { useAccountRequest } from './use-account-request.ts';

/** `/register`: create an account; with e-mail verification it stays inactive until activated. */
export function RegisterPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { failure, submitting, run } = useAccountRequest();
  const [registered, setRegistered] = useState<{ account: RegisteredAccount; email: string } | null>(null);
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', password_repeat: '', realmId: null },
    validate: registerValidation,
  });

  const submit = form.onSubmit((values) =>
    run(
      async () =>
        setRegistered({ account: await accountApi.register(api, values), email: values.email.trim() }),
      (error) => applyServerIssues(form, error, ['name', 'email', 'password', 'password_repeat']),
    ),
  );

  if (registered) {
    return (
      <AccountCard title={t('account.register.doneTitle')}>
        <AccountSuccess>
          {registered.account.active
            ? t('account.register.doneActive')
            : t('account.register.doneActivate', { email: registered.email })}
        </AccountSuccess>
        {!registered.account.active && (
          <Anchor component={Link} to="/activate">
            {t('account.register.enterCode')}
          </Anchor>
        )}
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t('account.register.title')} intro={t('account.register.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('name')}
            key={form.key('name')}
            label={t('app.login.name')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <TextInput
            {...form.getInputProps('email')}
            key={form.key('email')}
            type="email"
            label={t('account.email')}
            autoComplete="email"
            required
          />
          <NewPasswordFields form={form} />
          <AccountRealmField
            value={form.values.realmId}
            onChange={(value) => form.setFieldValue('realmId', value)}
          />
          <AccountFailure title={t('account.register.failed')} error={failure} />
          <Button
            type="submit"
            loading={submitting}
            leftSection={<IconUserPlus size={18} aria-hidden />}
            fullWidth
          >
            {t('account.register.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
