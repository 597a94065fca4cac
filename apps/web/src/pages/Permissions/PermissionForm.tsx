import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { RealmPicker } from '../../components/RealmPicker/RealmPicker.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../../components/RealmPicker/realm-picker-rules.ts';
import { SearchSelect } from '../../components/SearchSelect/SearchSelect.tsx';
import { authResources, type Permission, type PolicySummary } from '../../resources/resource-types.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import {
  PERMISSION_FIELDS,
  permissionBody,
  permissionValidation,
  policyWindowLoader,
  type PermissionFormValues,
} from './permission-form.ts';

export interface PermissionFormProps {
  readonly entity?: Permission & { readonly policy?: PolicySummary | null };
  readonly fixedRealmId?: string | null;
  readonly onSaved?: (permission: Permission, created: boolean) => void;
}

/**
 * Create or edit a permission: a built-in one keeps its name; the realm is chosen on create only;
 * the policy comes from the top-level policies of the permission's realm, and changing the realm
 * clears it and reloads the choice (docs/product/identity-and-access.md §4 Forms).
 */
export function PermissionForm({ entity, fixedRealmId, onSaved }: PermissionFormProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSession();
  const realmContext = {
    realm: session.realm,
    realmManagement: session.realmManagement,
    fixedRealmId,
    editing: !!entity,
  };
  const showRealm = isRealmPickerVisible(realmContext);
  const form = useForm<PermissionFormValues>({
    mode: 'controlled',
    initialValues: {
      name: entity?.name ?? '',
      display_name: entity?.display_name ?? '',
      description: entity?.description ?? '',
      realm_id: entity ? (entity.realm_id ?? null) : defaultRealmId(realmContext),
      policy_id: entity?.policy_id ?? null,
    },
    validate: permissionValidation({ editing: !!entity, nameLocked: entity?.built_in === true }),
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.permissions,
    entity,
    form,
    fields: PERMISSION_FIELDS,
    onSaved,
  });
  const realmId = form.values.realm_id;
  const loadPolicies = useMemo(() => policyWindowLoader(api, realmId), [api, realmId]);
  const nameLocked = entity?.built_in === true;

  const submit = form.onSubmit((values) => save(permissionBody(values, { editing: !!entity, nameLocked })));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('admin.fields.name')}
          description={nameLocked ? t('admin.permissions.builtInLocked') : undefined}
          required
          disabled={nameLocked}
          autoComplete="off"
        />
        <TextInput
          {...form.getInputProps('display_name')}
          key={form.key('display_name')}
          label={t('admin.fields.displayName')}
        />
        <Textarea
          {...form.getInputProps('description')}
          key={form.key('description')}
          label={t('admin.fields.description')}
          rows={3}
        />
        {showRealm && (
          <RealmPicker
            value={form.values.realm_id}
            onChange={(value) => {
              form.setFieldValue('realm_id', value);
              // Policies belong to a realm: another realm needs another policy.
              form.setFieldValue('policy_id', null);
            }}
          />
        )}
        <SearchSelect<PolicySummary>
          // A new realm starts a new choice (and forgets the label of the previous one).
          key={`policy-${realmId ?? 'global'}`}
          label={t('admin.fields.policy')}
          description={t('admin.fields.policyDescription')}
          queryKey={['auth', 'policies', 'picker', realmId ?? 'global']}
          load={loadPolicies}
          getValue={(policy) => policy.id}
          getLabel={(policy) => `${policy.name} (${policy.type})`}
          value={form.values.policy_id}
          onChange={(value) => form.setFieldValue('policy_id', value)}
          initialItem={entity?.policy ?? null}
          placeholder={t('admin.fields.noPolicy')}
          clearable
          clearLabel={t('app.select.clear')}
          error={form.errors.policy_id}
        />
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
