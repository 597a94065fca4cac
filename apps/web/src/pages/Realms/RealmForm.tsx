import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../components/FormFields/NameFields.tsx';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { authResources, type Realm } from '../../resources/resource-types.ts';
import {
  initialRealmValues,
  MASTER_REALM_NAME,
  REALM_FIELDS,
  realmBody,
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
  const isMaster = entity?.name === MASTER_REALM_NAME;
  const form = useForm<RealmFormValues>({
    mode: 'controlled',
    initialValues: initialRealmValues(entity),
    validate: realmValidation({ editing: !!entity, isMaster }),
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.realms,
    entity,
    form,
    fields: REALM_FIELDS,
    onSaved,
  });

  const submit = form.onSubmit((values) => save(realmBody(values, isMaster)));

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
