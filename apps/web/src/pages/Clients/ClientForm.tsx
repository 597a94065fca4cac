import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../components/FormFields/NameFields.tsx';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { showSecretOnce } from '../../components/EntityForm/show-secret-once.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { GeneratedTextInput } from '../../components/FormFields/GeneratedTextInput.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../../components/RealmPicker/realm-picker-rules.ts';
import { generateClientSecret } from '../../forms/form-values.ts';
import { authResources, type Client } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import {
  CLIENT_FIELDS,
  clientBody,
  clientValidation,
  initialClientValues,
  type ClientFormValues,
} from './client-form.ts';

export interface ClientFormProps {
  readonly entity?: Client;
  /** A name the page supplies: the name field is then disabled. */
  readonly name?: string;
  /** A realm the page imposes: the realm picker is hidden. */
  readonly fixedRealmId?: string | null;
  readonly onSaved?: (client: Client, created: boolean) => void;
}

/**
 * Create or edit a client: every field of docs/product/identity-and-access.md §3, generated name and secret,
 * secret shown once.
 */
export function ClientForm({ entity, name, fixedRealmId, onSaved }: ClientFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const realmContext = {
    realm: session.realm,
    realmManagement: session.realmManagement,
    fixedRealmId,
    editing: !!entity,
  };
  const showRealm = isRealmPickerVisible(realmContext);
  const form = useForm<ClientFormValues>({
    mode: 'controlled',
    initialValues: initialClientValues(entity, defaultRealmId(realmContext), name),
    validate: clientValidation({
      realmRequired: showRealm,
      editing: !!entity,
      nameFixed: name !== undefined,
    }),
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.clients,
    entity,
    form,
    fields: CLIENT_FIELDS,
    onSaved: (client, created) => {
      showSecretOnce(t, client.secret);
      onSaved?.(client, created);
    },
  });
  const nameFixed = name !== undefined;

  return (
    <form onSubmit={form.onSubmit((values) => save(clientBody(values, !!entity, nameFixed)))} noValidate>
      <Stack gap="md" maw={640}>
        <NameFields
          form={form}
          nameDisabled={nameFixed}
          generatedName
          description
          realm={{ visible: showRealm, required: true }}
        />
        <Textarea
          {...form.getInputProps('redirect_uri')}
          key={form.key('redirect_uri')}
          label={t('admin.fields.redirectUri')}
          description={t('admin.fields.redirectUriDescription')}
          rows={3}
        />
        <TextInput
          {...form.getInputProps('base_url')}
          key={form.key('base_url')}
          type="url"
          label={t('admin.fields.baseUrl')}
        />
        <TextInput
          {...form.getInputProps('root_url')}
          key={form.key('root_url')}
          type="url"
          label={t('admin.fields.rootUrl')}
        />
        <Switch
          {...form.getInputProps('is_confidential', { type: 'checkbox' })}
          key={form.key('is_confidential')}
          label={t('admin.fields.isConfidential')}
          description={t('admin.fields.isConfidentialDescription')}
        />
        <Switch
          {...form.getInputProps('first_party', { type: 'checkbox' })}
          key={form.key('first_party')}
          label={t('signin.clientFields.firstParty')}
          description={t('signin.clientFields.firstPartyDescription')}
        />
        <GeneratedTextInput
          secret
          value={form.values.secret}
          onChange={(value) => form.setFieldValue('secret', value)}
          error={form.errors.secret}
          label={t('admin.fields.secret')}
          description={
            entity?.secret_set
              ? t('admin.fields.secretSet')
              : entity
                ? t('admin.fields.secretDescription')
                : undefined
          }
          generate={generateClientSecret}
          generateLabel={t('admin.form.generateSecret')}
        />
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
