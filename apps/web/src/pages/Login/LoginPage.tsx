import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle, IconLogin2 } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { realmQueryKeys, realmWindowLoader, type RealmSummary } from '../../api/realms.ts';
import { SearchSelect } from '../../components/SearchSelect/SearchSelect.tsx';
import { safeRedirectTarget } from '../../session/redirect-target.ts';
import { useApiClient, useSession, useSessionStore } from '../../session/session-context.tsx';
import { signOutNotice } from '../../session/sign-out-notice.ts';
import { describeAuthorization } from '../Authorize/authorize-api.ts';
import { AccountLinks } from '../Account/AccountLinks.tsx';
import { ExternalProviders } from './ExternalProviders.tsx';
import { initialLoginValues, loginValidation, type LoginValues } from './login-form.ts';

/** `/login`: name, password and optionally the realm; afterwards on to `?redirect=` or the start page. */
export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  const api = useApiClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const loadRealms = useMemo(() => realmWindowLoader(api), [api]);
  const notice = signOutNotice(useSessionStore());

  const form = useForm<LoginValues>({
    mode: 'controlled',
    initialValues: initialLoginValues,
    // Checked on submit only: a message appearing on blur would push the button away mid-click.
    validate: loginValidation,
  });

  const returnTo = safeRedirectTarget(searchParams.get('redirect')) ?? '/';
  const [clientName, setClientName] = useState<string | null>(null);
  // Signing in for another application: its realm is the one to sign in to, and it is named.
  useEffect(() => {
    const target = new URL(returnTo, window.location.origin);
    if (target.pathname !== '/authorize') return;
    const controller = new AbortController();
    describeAuthorization(api, target.searchParams, controller.signal).then(
      (description) => {
        setClientName(description.client.display_name ?? description.client.name);
        form.setFieldValue('realmId', description.client.realm_id);
      },
      () => undefined, // The consent page shows what is wrong with the request.
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per target; the form is stable.
  }, [api, returnTo]);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSubmitting(true);
    try {
      await login({ name: values.name.trim(), password: values.password, realmId: values.realmId });
      await navigate(returnTo, { replace: true });
    } catch (error) {
      setFailure(error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{t('app.pages.login')}</Title>
            <Text c="dimmed" size="sm">
              {t('app.login.intro')}
            </Text>
            {clientName && <Text size="sm">{t('signin.login.continueTo', { client: clientName })}</Text>}
          </Stack>
          {notice && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
              {notice.reason === 'forbidden'
                ? t('identityAdmin.signedOut.forbidden', { path: notice.path })
                : t('identityAdmin.signedOut.loginPage')}
            </Alert>
          )}
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
              <PasswordInput
                {...form.getInputProps('password')}
                key={form.key('password')}
                label={t('app.login.password')}
                autoComplete="current-password"
                required
              />
              <SearchSelect<RealmSummary>
                label={t('app.login.realm')}
                description={t('app.login.realmDescription')}
                queryKey={realmQueryKeys.picker}
                load={loadRealms}
                getValue={(realm) => realm.id}
                getLabel={(realm) => realm.name}
                value={form.values.realmId}
                onChange={(value) => form.setFieldValue('realmId', value)}
                clearable
                clearLabel={t('app.select.clear')}
              />
              {failure !== null && (
                <Alert
                  color="red"
                  variant="light"
                  title={t('app.login.failed')}
                  icon={<IconAlertCircle aria-hidden />}
                  role="alert"
                >
                  {t(errorPhraseKey(failure))}
                </Alert>
              )}
              <Button
                type="submit"
                loading={submitting}
                leftSection={<IconLogin2 size={18} aria-hidden />}
                fullWidth
                mt="xs"
              >
                {t('app.login.submit')}
              </Button>
            </Stack>
          </form>
          <AccountLinks />
          <ExternalProviders realmId={form.values.realmId} returnTo={returnTo} />
        </Stack>
      </Paper>
    </Center>
  );
}
