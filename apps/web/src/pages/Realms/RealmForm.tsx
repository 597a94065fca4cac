import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../components/FormFields/NameFields.tsx';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { emptyToNull } from '../../forms/form-values.ts';
import { authResources, type Realm } from '../../resources/resource-types.ts';
import {
  initialRealmValues,
  MASTER_REALM_NAME,
  REALM_FIELDS,
  realmValidation,
  type RealmFormValues,
} from './realm-form.ts';

export interface RealmFormProps {
  readonly entity?: Realm;
  readonly onSaved?: (realm: Realm, created: boolean) => void;
}

/** Create or edit a realm; the master realm keeps its name. */
export function RealmForm({ entity, onSaved }: RealmFormProps) {
  const { t } = useTranslation();
  const form = useForm<RealmFormValues>({
    mode: 'controlled',
    initialValues: initialRealmValues(entity),
    validate: realmValidation,
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.realms,
    entity,
    form,
    fields: REALM_FIELDS,
    onSaved,
  });
  const isMaster = entity?.name === MASTER_REALM_NAME;

  const submit = form.onSubmit((values) => {
    const body: Partial<RealmFormValues> = emptyToNull(values) as Partial<RealmFormValues>;
    if (isMaster) delete body.name;
    return save(body);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <NameFields
          form={form}
          nameDisabled={isMaster}
          nameHint={isMaster ? t('admin.realms.masterLocked') : undefined}
          generatedName
          description
        />
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
