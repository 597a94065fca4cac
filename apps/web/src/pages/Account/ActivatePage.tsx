import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { maxLength, required, textRules } from '../../forms/rules.tsx';
import { useApiClient } from '../../session/session-context.tsx';
import { AccountFailure, AccountSuccess } from './AccountAlerts.tsx';
import { AccountCard } from './AccountCard.tsx';
import { accountApi, type RegisteredAccount } from './account-api.ts';
import { useAccountRequest } from './use-account-request.ts';

/**
 * `/activate`: activates a registered account with the mailed code. The mail's link carries the code
 * as `?token=`, which is sent at once; without it the code is typed in.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('token') ?? '';
  const { failure, submitting, run } = useAccountRequest();
  const [activated, setActivated] = useState<RegisteredAccount | null>(null);
  const form = useForm<{ token: string }>({
    mode: 'controlled',
    initialValues: { token: linked },
    validate: { token: textRules(required(), maxLength(256)) },
  });

  const activate = (token: string) => run(async () => setActivated(await accountApi.activate(api, token)));
  // The link from the mail: activate once on arrival (a code is single use; a re-render must not resend it).
  const sent = useRef(false);
  useEffect(() => {
    if (linked === '' || sent.current) return;
    sent.current = true;
    void activate(linked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page visit.
  }, [linked]);

  return (
    <AccountCard
      title={t('account.activate.title')}
      intro={activated ? undefined : t('account.activate.intro')}
    >
      {activated ? (
        <AccountSuccess>{t('account.activate.done', { name: activated.name })}</AccountSuccess>
      ) : (
        <form onSubmit={form.onSubmit((values) => activate(values.token))} noValidate>
          <Stack gap="md">
            <TextInput
              {...form.getInputProps('token')}
              key={form.key('token')}
              label={t('account.code')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
            />
            <AccountFailure title={t('account.activate.failed')} error={failure} />
            <Button
              type="submit"
              loading={submitting}
              leftSection={<IconCircleCheck size={18} aria-hidden />}
              fullWidth
            >
              {t('account.activate.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
