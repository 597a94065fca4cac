import { PermissionName as P } from '@federa/schemas';
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconPlugConnected, IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import {
  callbackUrlOf,
  testConnection,
  type ConnectionTestResult,
  type IdentityProvider,
} from './identity-provider-api.ts';

/** The callback URL to register at an OAuth2/OIDC provider, with a copy button. */
function CallbackUrl({ provider }: { readonly provider: IdentityProvider }) {
  const { t } = useTranslation();
  const url = callbackUrlOf(provider.id);
  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput
        flex={1}
        readOnly
        value={url}
        label={t('signin.providers.callbackUrl')}
        description={t('signin.providers.callbackUrlDescription')}
      />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          >
            {copied ? t('signin.providers.copied') : t('signin.providers.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** "Test connection" of an LDAP provider: bind, search, and what was found. */
function LdapConnectionTest({ provider }: { readonly provider: IdentityProvider }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await testConnection(api, provider.id));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('signin.providers.testDescription')}</Text>
      <Group>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconPlugConnected size={16} aria-hidden />}
          onClick={() => void run()}
        >
          {t('signin.providers.test')}
        </Button>
      </Group>
      {failure !== null && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {t(errorPhraseKey(failure))}
        </Alert>
      )}
      {result?.ok === false && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title={t(result.step === 'bind' ? 'signin.providers.bindFailed' : 'signin.providers.searchFailed')}
        >
          {result.message}
        </Alert>
      )}
      {result?.ok === true && (
        <Alert
          variant="default"
          icon={<IconCheck color="var(--mantine-color-green-9)" aria-hidden />}
          role="status"
          title={t('signin.providers.testPassed')}
        >
          <Text size="sm">
            {t(result.more ? 'signin.providers.foundMore' : 'signin.providers.found', {
              count: result.users_found,
              baseDn: result.base_dn,
              filter: result.filter,
            })}
          </Text>
          {result.users.length > 0 && <Text size="sm">{result.users.join(', ')}</Text>}
        </Alert>
      )}
    </Stack>
  );
}

/** The provider's connection: the callback URL (OAuth2/OIDC) or the connection test (LDAP). */
export function ProviderConnectionPanel({ provider }: { readonly provider: IdentityProvider }) {
  const { t } = useTranslation();
  const { hasAnyPermission } = useSession();
  const isLdap = provider.protocol === 'ldap';
  if (isLdap && !hasAnyPermission([P.IDENTITY_PROVIDER_UPDATE])) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('signin.providers.connection')}
      </Title>
      {isLdap ? <LdapConnectionTest provider={provider} /> : <CallbackUrl provider={provider} />}
    </Stack>
  );
}
