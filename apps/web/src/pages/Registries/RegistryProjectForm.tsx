import { REGISTRY_PROJECT_TYPES } from '@federa/schemas';
import { PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { adminHubResources, type RegistryProject } from '../../resources/admin-hub-resources.ts';
import {
  initialRegistryProjectValues,
  REGISTRY_PROJECT_FIELDS,
  registryProjectBody,
  registryProjectValidation,
  type RegistryProjectFormValues,
} from './registry-forms.ts';
import { projectTypeLabel } from './registry-project-facts.tsx';

export interface RegistryProjectFormProps {
  readonly registryId: string;
  readonly entity?: RegistryProject;
  readonly onSaved?: (project: RegistryProject, created: boolean) => void;
}

/** Create or edit a registry project of one registry; its secret is write-only. */
export function RegistryProjectForm({ registryId, entity, onSaved }: RegistryProjectFormProps) {
  const { t } = useTranslation();
  const form = useForm<RegistryProjectFormValues>({
    mode: 'controlled',
    initialValues: initialRegistryProjectValues(entity),
    validate: registryProjectValidation(registryId, !!entity),
  });
  const { save, error, saving } = useEntitySave({
    resource: adminHubResources.registryProjects,
    entity,
    form,
    fields: REGISTRY_PROJECT_FIELDS,
    onSaved: (project, created) => {
      form.setFieldValue('account_secret', '');
      onSaved?.(project, created);
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => save(registryProjectBody(values, registryId, !!entity)))}
      noValidate
    >
      <Stack gap="md" maw={560}>
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('admin.fields.name')}
          required
          autoComplete="off"
        />
        <TextInput
          {...form.getInputProps('external_name')}
          key={form.key('external_name')}
          label={t('registries.fields.externalName')}
          description={t('registries.fields.externalNameDescription')}
          required
          autoComplete="off"
        />
        <Select
          {...form.getInputProps('type')}
          key={form.key('type')}
          label={t('registries.fields.type')}
          data={REGISTRY_PROJECT_TYPES.map((type) => ({ value: type, label: projectTypeLabel(t, type) }))}
          allowDeselect={false}
          required
        />
        <Switch
          {...form.getInputProps('public', { type: 'checkbox' })}
          key={form.key('public')}
          label={t('registries.fields.public')}
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
          label={t('registries.project.secret')}
          description={t('registries.project.secretDescription')}
          autoComplete="new-password"
        />
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
