import { Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PermissionName as P } from '@federa/schemas';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../components/FormFields/NameFields.tsx';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../../components/RealmPicker/realm-picker-rules.ts';
import { authResources, type User } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import {
  initialUserValues,
  USER_FIELDS,
  userBody,
  userValidation,
  type UserFormValues,
} from './user-form.ts';

export interface UserFormProps {
  /** The user to edit; a new one is created without it. */
  readonly entity?: User;
  /**
   * May change activity, lock and realm (docs/product/identity-and-access.md §6: the user form's canManage,
   * default true).
   */
  readonly canManage?: boolean;
  /** A realm the page imposes: no realm picker then. */
  readonly fixedRealmId?: string | null;
  readonly onSaved?: (user: User, created: boolean) => void;
}

/** Create or edit a user: name (locked when name_locked), display name, email, active, lock, realm. */
export function UserForm({ entity, canManage: canManageProp, fixedRealmId, onSaved }: UserFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const canManage = canManageProp ?? session.hasAnyPermission([P.USER_CREATE, P.USER_UPDATE]);
  const realmContext = {
    realm: session.realm,
    realmManagement: session.realmManagement,
    fixedRealmId,
    editing: !!entity,
    canManage,
  };
  const showRealm = isRealmPickerVisible(realmContext);
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initialUserValues(entity, defaultRealmId(realmContext)),
    validate: userValidation({ realmRequired: showRealm, editing: !!entity, canManage }),
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.users,
    entity,
    form,
    fields: USER_FIELDS,
    onSaved,
  });

  const submit = form.onSubmit((values) => save(userBody(values, { editing: !!entity, canManage })));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <NameFields
          form={form}
          // The toggle below applies at once: unlocking frees the name for the same save.
          nameDisabled={form.values.name_locked}
          realm={{ visible: showRealm, required: true }}
        />
        <TextInput
          {...form.getInputProps('email')}
          key={form.key('email')}
          type="email"
          label={t('admin.fields.email')}
          autoComplete="off"
        />
        {canManage && (
          <Switch
            {...form.getInputProps('active', { type: 'checkbox' })}
            key={form.key('active')}
            label={t('admin.fields.active')}
          />
        )}
        {canManage && entity && (
          <Switch
            {...form.getInputProps('name_locked', { type: 'checkbox' })}
            key={form.key('name_locked')}
            label={t('admin.fields.nameLocked')}
            description={t('admin.fields.nameLockedDescription')}
          />
        )}
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
