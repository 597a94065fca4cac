import { REGISTRY_KINDS } from '@federa/schemas';
import { PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { adminHubResources, type Registry } from '../../resources/admin-hub-resources.ts';
import {
  initialRegistryValues,
  REGISTRY_FIELDS,
  registryBody,
  registryValidation,
  type RegistryFormValues,
} from './registry-forms.ts';

export interface RegistryFormProps {
  readonly entity?: Registry;
  readonly onSaved?: (registry: Registry, created: boolean) => void;
}

/** Create or edit a registry: name, host, kind, account name and (write-only) account secret. */
export function RegistryForm({ entity, onSaved }: RegistryFormProps) {
  const { t } = useTranslation();
  const form = useForm<RegistryFormValues>({
    mode: 'controlled',
    initialValues: initialRegistryValues(entity),
    validate: registryValidation,
  });
  const { save, error, saving } = useEntitySave({
    resource: adminHubResources.registries,
    entity,
    form,
    fields: REGISTRY_FIELDS,
    onSaved: (registry, created) => {
      form.setFieldValue('account_secret', '');
      onSaved?.(registry, created);
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save(registryBody(values)))} noValidate>
      <Stack gap="md" maw={560}>
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('admin.fields.name')}
          required
          autoComplete="off"
        />
        <TextInput
          {...form.getInputProps('host')}
          key={form.key('host')}
          label={t('registries.fields.host')}
          description={t('registries.fields.hostDescription')}
          required
          autoComplete="off"
        />
        <Select
          {...form.getInputProps('kind')}
          key={form.key('kind')}
          label={t('registries.fields.kind')}
          description={t('registries.fields.kindDescription')}
          data={REGISTRY_KINDS.map((kind) => ({ value: kind, label: t(`registries.kinds.${kind}`) }))}
          allowDeselect={false}
          required
        />
        <TextInput
          {...form.getInputProps('account_name')}
          key={form.key('account_name')}
          label={t('registries.fields.accountName')}
          autoComplete="off"
        />
        <PasswordInput
          {...form.getInputProps('account_secret')}
          key={form.key('account_secret')}
          label={t('registries.fields.accountSecret')}
          description={entity ? t('registries.fields.accountSecretDescription') : undefined}
          autoComplete="new-password"
        />
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
