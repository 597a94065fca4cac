import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiClient } from '../../session/session-context.tsx';
import { AccountFailure, AccountSuccess } from './AccountAlerts.tsx';
import { AccountCard } from './AccountCard.tsx';
import { AccountRealmField } from './AccountRealmField.tsx';
import { accountApi } from './account-api.ts';
import { forgotValidation, type ForgotValues } from './account-forms.ts';
import { useAccountRequest } from './use-account-request.ts';

/**
 * `/password-forgot`: asks for a reset code by mail. The answer is the same whether or not the account
 * exists (the server does not tell), so the page says "if".
 */
export function PasswordForgotPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { failure, submitting, run } = useAccountRequest();
  const [sentFor, setSentFor] = useState<ForgotValues | null>(null);
  const form = useForm<ForgotValues>({
    mode: 'controlled',
    initialValues: { nameOrEmail: '', realmId: null },
    validate: forgotValidation,
  });

  const submit = form.onSubmit((values) =>
    run(async () => {
      await accountApi.forgot(api, values);
      setSentFor(values);
    }),
  );

  if (sentFor) {
    const query = new URLSearchParams({ name: sentFor.nameOrEmail.trim() });
    if (sentFor.realmId) query.set('realm_id', sentFor.realmId);
    return (
      <AccountCard title={t('account.forgot.title')}>
        <AccountSuccess>{t('account.forgot.done')}</AccountSuccess>
        <Anchor component={Link} to={`/password-reset?${query.toString()}`}>
          {t('account.forgot.enterCode')}
        </Anchor>
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t('account.forgot.title')} intro={t('account.forgot.intro')}>
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
          <AccountRealmField
            value={form.values.realmId}
            onChange={(value) => form.setFieldValue('realmId', value)}
          />
          <AccountFailure title={t('account.forgot.failed')} error={failure} />
          <Button
            type="submit"
            loading={submitting}
            leftSection={<IconMailForward size={18} aria-hidden />}
            fullWidth
          >
            {t('account.forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
