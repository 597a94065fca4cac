import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applyServerIssues } from '../../forms/server-errors.tsx';
import { useApiClient } from '../../session/session-context.tsx';
import { AccountFailure, AccountSuccess } from './AccountAlerts.tsx';
import { AccountCard } from './AccountCard.tsx';
import { AccountRealmField } from './AccountRealmField.tsx';
import { accountApi } from './account-api.ts';
import { resetValidation, type ResetValues } from './account-forms.ts';
import { NewPasswordFields } from '../../forms/PasswordFields.tsx';
import { useAccountRequest } from './use-account-request.ts';

/**
 * `/password-reset`: sets a new password with the mailed code. The mail's link fills in name, realm
 * and code (`?name=&realm_id=&token=`); only the new password is left to type.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [searchParams] = useSearchParams();
  const realmFromLink = searchParams.get('realm_id') !== null;
  const { failure, submitting, run } = useAccountRequest();
  const [done, setDone] = useState(false);
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: {
      nameOrEmail: searchParams.get('name') ?? searchParams.get('email') ?? '',
      realmId: searchParams.get('realm_id'),
      token: searchParams.get('token') ?? '',
      password: '',
      password_repeat: '',
    },
    validate: resetValidation,
  });

  const submit = form.onSubmit((values) =>
    run(
      async () => {
        await accountApi.reset(api, values);
        setDone(true);
      },
      (error) => applyServerIssues(form, error, ['password', 'password_repeat']),
    ),
  );

  if (done) {
    return (
      <AccountCard title={t('account.reset.title')}>
        <AccountSuccess>{t('account.reset.done')}</AccountSuccess>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t('account.reset.title')} intro={t('account.reset.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('nameOrEmail')}
            key={form.key('nameOrEmail')}
            label={t('account.nameOrEmail')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          {/* The mail's link names the account's realm already; the picker would show only its id. */}
          {!realmFromLink && (
            <AccountRealmField
              value={form.values.realmId}
              onChange={(value) => form.setFieldValue('realmId', value)}
            />
          )}
          <TextInput
            {...form.getInputProps('token')}
            key={form.key('token')}
            label={t('account.code')}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
          <NewPasswordFields
            form={form}
            labels={{ password: t('account.reset.newPassword'), repeat: t('account.reset.repeat') }}
          />
          <AccountFailure title={t('account.reset.failed')} error={failure} />
          <Button
            type="submit"
            loading={submitting}
            leftSection={<IconLock size={18} aria-hidden />}
            fullWidth
          >
            {t('account.reset.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
