import {
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notify } from '../../components/Feedback/notify.ts';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RealmPicker } from '../../components/RealmPicker/RealmPicker.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../../components/RealmPicker/realm-picker-rules.ts';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { authResources } from '../../resources/resource-types.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { checkUrl } from '../../forms/checks.tsx';
import { IdentityProviderPicker } from './IdentityProviderPicker.tsx';
import { lookupDiscovery, type IdentityProvider } from './identity-provider-api.ts';
import {
  choosePreset,
  chooseProtocol,
  identityProviderPayload,
  identityProviderToValues,
  initialIdentityProviderValues,
  isProtocol,
  LDAP_GROUP_FIELDS,
  LDAP_USER_FIELDS,
  validateIdentityProvider,
  type IdentityProviderFormValues,
  type Preset,
} from './identity-provider-form.tsx';

type Form = UseFormReturnType<IdentityProviderFormValues>;

const LDAP_LABELS = {
  group_filter: 'identityProviders.groupFilter',
  group_base_dn: 'identityProviders.groupBaseDn',
  group_name_attribute: 'identityProviders.groupNameAttribute',
  group_class: 'identityProviders.groupClass',
  group_member_attribute: 'identityProviders.groupMemberAttribute',
  group_member_user_attribute: 'identityProviders.groupMemberUserAttribute',
  user_filter: 'identityProviders.userFilter',
  user_base_dn: 'identityProviders.userBaseDn',
  user_name_attribute: 'identityProviders.userNameAttribute',
  user_mail_attribute: 'identityProviders.userMailAttribute',
  user_display_name_attribute: 'identityProviders.userDisplayNameAttribute',
} as const;

/** Discovery URL and the lookup that fills the authorize and token URLs. */
function DiscoveryLookup({ form }: { readonly form: Form }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lookup = async () => {
    setWarning(null);
    const url = form.getValues().discovery_url.trim();
    const invalid = checkUrl(url, true);
    if (invalid !== null) {
      form.setFieldError('discovery_url', invalid);
      return;
    }
    setBusy(true);
    try {
      const endpoints = await lookupDiscovery(api, url);
      form.setValues({
        authorize_url: endpoints.authorize_url,
        token_url: endpoints.token_url,
        ...(endpoints.user_info_url && !form.getValues().user_info_url
          ? { user_info_url: endpoints.user_info_url }
          : {}),
      });
      form.clearFieldError('authorize_url');
      form.clearFieldError('token_url');
      notify(t, { color: 'green', message: t('identityProviders.lookupDone') });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setWarning(t('identityProviders.lookupFailed', { message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Fieldset legend={t('identityProviders.discovery')}>
      <Stack gap="xs">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            {...form.getInputProps('discovery_url')}
            key={form.key('discovery_url')}
            flex={1}
            type="url"
            label={t('identityProviders.discoveryUrl')}
            description={t('identityProviders.discoveryDescription')}
          />
          <Button
            variant="light"
            loading={busy}
            leftSection={<IconSearch size={16} aria-hidden />}
            onClick={() => void lookup()}
          >
            {t('identityProviders.lookup')}
          </Button>
        </Group>
        {warning && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {warning}
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}

function OAuth2Fields({ form, creating }: { readonly form: Form; readonly creating: boolean }) {
  const { t } = useTranslation();
  const { preset } = form.getValues();
  return (
    <Stack gap="md">
      <Fieldset legend={t('identityProviders.client')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('client_id')}
            key={form.key('client_id')}
            label={t('identityProviders.clientId')}
            required
            autoComplete="off"
          />
          <PasswordInput
            {...form.getInputProps('client_secret')}
            key={form.key('client_secret')}
            label={t('identityProviders.clientSecret')}
            description={creating ? undefined : t('identityProviders.clientSecretKeep')}
            autoComplete="new-password"
          />
        </SimpleGrid>
        <TextInput
          {...form.getInputProps('scope')}
          key={form.key('scope')}
          mt="sm"
          label={t('identityProviders.scope')}
          description={t('identityProviders.scopeDescription')}
        />
      </Fieldset>
      {preset ? (
        <Text size="sm" c="dimmed">
          {t('identityProviders.presetEndpoints', {
            preset: t(`identityProviders.presets.${preset}`),
          })}
        </Text>
      ) : (
        <>
          <DiscoveryLookup form={form} />
          <Fieldset legend={t('identityProviders.endpoints')}>
            <Stack gap="sm">
              <TextInput
                {...form.getInputProps('authorize_url')}
                key={form.key('authorize_url')}
                type="url"
                label={t('identityProviders.authorizeUrl')}
                required
              />
              <TextInput
                {...form.getInputProps('token_url')}
                key={form.key('token_url')}
                type="url"
                label={t('identityProviders.tokenUrl')}
                required
              />
              <TextInput
                {...form.getInputProps('user_info_url')}
                key={form.key('user_info_url')}
                type="url"
                label={t('identityProviders.userInfoUrl')}
              />
            </Stack>
          </Fieldset>
        </>
      )}
    </Stack>
  );
}

function LdapFields({ form, creating }: { readonly form: Form; readonly creating: boolean }) {
  const { t } = useTranslation();
  const text = (key: keyof typeof LDAP_LABELS) => (
    <TextInput {...form.getInputProps(key)} key={form.key(key)} label={t(LDAP_LABELS[key])} />
  );
  return (
    <Stack gap="md">
      <Fieldset legend={t('identityProviders.connection')}>
        <Stack gap="sm">
          <TextInput
            {...form.getInputProps('url')}
            key={form.key('url')}
            label={t('identityProviders.url')}
            description={t('identityProviders.urlDescription')}
            placeholder="ldaps://ldap.example.org"
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              {...form.getInputProps('timeout')}
              key={form.key('timeout')}
              label={t('identityProviders.timeout')}
              description={t('identityProviders.timeoutDescription')}
              min={0}
              max={600000}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
            />
            <TextInput
              {...form.getInputProps('base_dn')}
              key={form.key('base_dn')}
              label={t('identityProviders.baseDn')}
              placeholder="dc=example,dc=org"
              required
            />
          </SimpleGrid>
          <Switch
            {...form.getInputProps('start_tls', { type: 'checkbox' })}
            key={form.key('start_tls')}
            label={t('identityProviders.startTls')}
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('identityProviders.credentials')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('user')}
            key={form.key('user')}
            label={t('identityProviders.user')}
            autoComplete="off"
            required
          />
          <PasswordInput
            {...form.getInputProps('password')}
            key={form.key('password')}
            label={t('identityProviders.password')}
            description={creating ? undefined : t('identityProviders.passwordKeep')}
            autoComplete="new-password"
            required={creating}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('identityProviders.group')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LDAP_GROUP_FIELDS.map((key) => (
            <div key={key}>{text(key)}</div>
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('identityProviders.userSection')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LDAP_USER_FIELDS.map((key) => (
            <div key={key}>{text(key)}</div>
          ))}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}

export interface IdentityProviderFormProps {
  readonly provider?: IdentityProvider;
  /** Preselection of a new provider (e.g. from `?protocol=` or `?preset=`). */
  readonly initialChoice?: { readonly protocol?: string | null; readonly preset?: Preset | null };
  readonly onSaved?: (provider: IdentityProvider) => void;
}

/**
 * Creates or edits an identity provider. A new one starts with the protocol and preset tiles; the
 * matching form follows: OAuth2/OpenID Connect (a preset hides the endpoints) or LDAP.
 */
export function IdentityProviderForm({ provider, initialChoice, onSaved }: IdentityProviderFormProps) {
  const { t } = useTranslation();
  const creating = provider === undefined;
  const { realm, realmManagement } = useSession();
  const canPickRealm = isRealmPickerVisible({ realm, realmManagement, editing: !creating });
  const form = useForm<IdentityProviderFormValues>({
    mode: 'controlled',
    initialValues: provider
      ? identityProviderToValues(provider)
      : initialIdentityProviderValues(
          initialChoice,
          canPickRealm ? defaultRealmId({ realm, realmManagement, editing: false }) : null,
        ),
    validate: (values) => validateIdentityProvider(values, { creating }),
  });
  const { protocol } = form.getValues();

  const { save, error, saving } = useEntitySave({
    resource: authResources.identityProviders,
    entity: provider,
    form,
    fields: Object.keys(form.getValues()),
    onSaved: (saved) => onSaved?.(saved),
  });
  const submit = form.onSubmit((values) => {
    if (isProtocol(values.protocol)) void save(identityProviderPayload(values, { creating }));
  });

  return (
    <Stack gap="lg">
      {creating && (
        <IdentityProviderPicker
          protocol={protocol}
          preset={form.getValues().preset}
          onProtocol={(item) => form.setValues(chooseProtocol(item))}
          onPreset={(item) => form.setValues(choosePreset(item))}
        />
      )}
      {protocol !== null && !isProtocol(protocol) && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
          {t('identityProviders.notSupported', { protocol })}
        </Alert>
      )}
      {isProtocol(protocol) && (
        <form
          onSubmit={submit}
          noValidate
          aria-label={t(creating ? 'identityProviders.createForm' : 'identityProviders.editForm')}
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...form.getInputProps('name')}
                key={form.key('name')}
                label={t('admin.fields.name')}
                description={creating ? t('identityProviders.nameDescription') : undefined}
                required={!creating}
                autoCapitalize="none"
                spellCheck={false}
              />
              <TextInput
                {...form.getInputProps('display_name')}
                key={form.key('display_name')}
                label={t('admin.fields.displayName')}
              />
            </SimpleGrid>
            {canPickRealm && (
              <RealmPicker
                value={form.getValues().realm_id}
                onChange={(value) => form.setFieldValue('realm_id', value)}
                initialRealm={
                  realmManagement && form.getValues().realm_id === realmManagement.id ? realmManagement : null
                }
                error={form.errors.realm_id}
              />
            )}
            <Switch
              {...form.getInputProps('enabled', { type: 'checkbox' })}
              key={form.key('enabled')}
              label={t('admin.fields.enabled')}
              description={t('identityProviders.enabledDescription')}
            />
            {protocol === 'ldap' ? (
              <LdapFields form={form} creating={creating} />
            ) : (
              <OAuth2Fields form={form} creating={creating} />
            )}
            <SaveFooter error={error} saving={saving} editing={!creating} />
          </Stack>
        </form>
      )}
    </Stack>
  );
}
