import { Radio, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../../api/error-phrase.ts';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { notify } from '../../components/Feedback/notify.ts';
import { authResources } from '../../resources/resource-types.ts';
import { RealmPicker } from '../../components/RealmPicker/RealmPicker.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../../components/RealmPicker/realm-picker-rules.ts';
import { useApiClient, useSession } from '../../session/session-context.tsx';
import { PolicyChildren } from './PolicyChildren.tsx';
import { PolicyTypeFields } from './PolicyTypeFields.tsx';
import { policyApi, policyQueryKeys, type Policy } from './policy-api.ts';
import {
  initialPolicyValues,
  policyPayload,
  policyToValues,
  POLICY_TYPES,
  validatePolicy,
  type PolicyFormValues,
  type PolicyType,
} from './policy-form.tsx';

/** Fields of the policy API that the form shows (issues of others go to the summary). */
const SERVER_FIELDS = [
  'type',
  'name',
  'display_name',
  'description',
  'invert',
  'decisionStrategy',
  'start',
  'end',
  'interval',
  'dayOfWeek',
  'dayOfMonth',
  'dayOfYear',
  'names',
  'query',
  'attributeName',
  'types',
];

/** The form field of an API field: date and time bounds and identity types are named differently. */
function formPathOf(type: PolicyType | null, path: string): string {
  if (path === 'start' || path === 'end') {
    const bound = path === 'start' ? 'Start' : 'End';
    return type === 'time' ? `time${bound}` : `date${bound}`;
  }
  if (path === 'types') return 'identityTypes';
  if (path === 'decisionStrategy' && type === 'realmMatch') return 'realmDecisionStrategy';
  return path;
}

export interface PolicyFormProps {
  /** The policy to edit; a new one is created without it. */
  readonly policy?: Policy;
  /** Preselected type of a new policy. */
  readonly initialType?: PolicyType | null;
  readonly onSaved?: (policy: Policy) => void;
  /** A new child of this stored composite: created in its realm, below it. */
  readonly parent?: { readonly id: string; readonly realmId: string | null };
}

/**
 * Creates or edits a policy: type picker (fixed when editing), basic fields, realm (only on create,
 * only for master-realm users), the settings of the type, and for a new composite its children,
 * which are moved below it once it exists.
 */
export function PolicyForm({ policy, initialType = null, onSaved, parent }: PolicyFormProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { realm, realmManagement } = useSession();
  const creating = policy === undefined;
  // A composite's child belongs to the composite's realm: there is nothing to pick.
  const canPickRealm = !parent && isRealmPickerVisible({ realm, realmManagement, editing: !creating });

  const form = useForm<PolicyFormValues>({
    mode: 'controlled',
    initialValues: policy
      ? policyToValues(policy)
      : initialPolicyValues(
          initialType,
          parent
            ? parent.realmId
            : canPickRealm
              ? defaultRealmId({ realm, realmManagement, editing: false })
              : null,
        ),
    validate: (values) => validatePolicy(values, { creating }),
  });
  const values = form.getValues();

  /** Children chosen before a new composite existed hang below it once it does. */
  const adoptChildren = async (composite: Policy, children: readonly string[]) => {
    for (const child of children) {
      try {
        await policyApi.update(api, child, { parent_id: composite.id });
      } catch (error) {
        notify(t, { color: 'red', message: t(errorPhraseKey(error)) });
      }
    }
    if (children.length > 0) await queryClient.invalidateQueries({ queryKey: policyQueryKeys.all });
  };
  const { save, error, saving } = useEntitySave({
    resource: authResources.policies,
    entity: policy,
    // The server names settings as the API does (`start`, `types`); show them at their fields.
    form: {
      setFieldError: (path, message) => form.setFieldError(formPathOf(form.getValues().type, path), message),
    },
    fields: SERVER_FIELDS,
    onSaved: (saved, created) => {
      const { type, children } = form.getValues();
      void (created && type === 'composite' ? adoptChildren(saved, children) : Promise.resolve()).then(() =>
        onSaved?.(saved),
      );
    },
  });

  const submit = form.onSubmit((submitted) =>
    save(
      creating
        ? { ...policyPayload(submitted, true), ...(parent ? { parent_id: parent.id } : {}) }
        : policyPayload(submitted, false),
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t(creating ? 'policies.createForm' : 'policies.editForm')}>
      <Stack gap="md">
        <Radio.Group
          value={values.type ?? ''}
          onChange={(type) => form.setFieldValue('type', type as PolicyType)}
          label={t('policies.type')}
          description={creating ? t('policies.typeDescription') : t('policies.typeFixed')}
          error={form.errors.type}
          required
        >
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="xs">
            {POLICY_TYPES.map((type) => (
              <Radio
                key={type}
                value={type}
                disabled={!creating}
                label={t(`policies.types.${type}`)}
                description={t(`policies.typeDescriptions.${type}`)}
              />
            ))}
          </SimpleGrid>
        </Radio.Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...form.getInputProps('name')}
            key={form.key('name')}
            label={t('admin.fields.name')}
            required
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextInput
            {...form.getInputProps('display_name')}
            key={form.key('display_name')}
            label={t('admin.fields.displayName')}
          />
        </SimpleGrid>
        <Textarea
          {...form.getInputProps('description')}
          key={form.key('description')}
          label={t('admin.fields.description')}
          resize="vertical"
          rows={3}
        />
        {canPickRealm && (
          <RealmPicker
            value={values.realm_id}
            // Children must be of the composite's realm: a new realm starts the choice afresh.
            onChange={(value) => form.setValues({ realm_id: value, children: [] })}
            initialRealm={realmManagement && values.realm_id === realmManagement.id ? realmManagement : null}
          />
        )}
        <Switch
          {...form.getInputProps('invert', { type: 'checkbox' })}
          key={form.key('invert')}
          label={t('policies.invert')}
          description={t('policies.invertDescription')}
        />

        {values.type && <PolicyTypeFields form={form} />}

        {creating && values.type === 'composite' && (
          <PolicyChildren
            realmId={parent ? parent.realmId : canPickRealm ? values.realm_id : (realm?.id ?? null)}
            selected={values.children}
            onToggle={(id, on) =>
              form.setFieldValue(
                'children',
                on ? [...values.children, id] : values.children.filter((child) => child !== id),
              )
            }
            error={form.errors.children}
          />
        )}

        <SaveFooter error={error} saving={saving} editing={!creating} />
      </Stack>
    </form>
  );
}
