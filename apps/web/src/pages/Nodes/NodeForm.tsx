import { PermissionName as P } from '@federa/schemas';
import { Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { modalCloseProps } from '../../components/Feedback/notify.ts';
import { RealmPicker } from '../../components/RealmPicker/RealmPicker.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../../components/RealmPicker/realm-picker-rules.ts';
import { SecretOnce } from '../../components/SecretOnce/SecretOnce.tsx';
import { adminHubResources, NODE_TYPE_CHOICES, type AdminNode } from '../../resources/admin-hub-resources.ts';
import { useSession } from '../../session/session-context.tsx';
import {
  initialNodeValues,
  NODE_FIELDS,
  nodeBody,
  nodeValidation,
  type NodeFormValues,
} from './node-form.ts';
import { RegistryPicker } from './RegistryPicker.tsx';

/** The robot secret of a node answered once (create, or an update that had to make a new robot). */
export function showNodeRobotSecret(t: TFunction, secret: string | undefined): void {
  if (!secret) return;
  modals.open({
    ...modalCloseProps(t),
    title: t('nodes.created.title'),
    size: 'lg',
    children: (
      <SecretOnce
        label={t('nodes.robot.newSecret')}
        value={secret}
        warning={t('nodes.created.robotSecret')}
      />
    ),
  });
}

export interface NodeFormProps {
  readonly entity?: AdminNode;
  readonly onSaved?: (node: AdminNode, created: boolean) => void;
}

/** Create or edit a node: name, realm (on create), type, external name, hidden, registry. */
export function NodeForm({ entity, onSaved }: NodeFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const realmContext = {
    realm: session.realm,
    realmManagement: session.realmManagement,
    editing: !!entity,
  };
  const showRealm = isRealmPickerVisible(realmContext);
  // Registries are listed only to registry managers; others leave the node's registry as it is.
  const withRegistry = session.hasPermission(P.REGISTRY_MANAGE);
  const form = useForm<NodeFormValues>({
    mode: 'controlled',
    initialValues: initialNodeValues(entity, defaultRealmId(realmContext)),
    validate: nodeValidation({ realmRequired: showRealm, editing: !!entity, withRegistry }),
  });
  const { save, error, saving } = useEntitySave({
    resource: adminHubResources.nodes,
    entity,
    form,
    fields: NODE_FIELDS,
    onSaved: (node, created) => {
      showNodeRobotSecret(t, node.robot_secret);
      onSaved?.(node, created);
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => save(nodeBody(values, !!entity, withRegistry)))} noValidate>
      <Stack gap="md" maw={560}>
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={t('admin.fields.name')}
          required
          autoComplete="off"
        />
        {showRealm && (
          <RealmPicker
            value={form.values.realm_id}
            onChange={(value) => form.setFieldValue('realm_id', value)}
            error={form.errors.realm_id}
            required
          />
        )}
        <Select
          {...form.getInputProps('type')}
          key={form.key('type')}
          label={t('nodes.fields.type')}
          data={NODE_TYPE_CHOICES.map((type) => ({ value: type, label: t(`nodes.types.${type}`) }))}
          allowDeselect={false}
          required
        />
        <TextInput
          {...form.getInputProps('external_name')}
          key={form.key('external_name')}
          label={t('nodes.fields.externalName')}
          description={t('nodes.fields.externalNameDescription')}
          autoComplete="off"
        />
        <Switch
          {...form.getInputProps('hidden', { type: 'checkbox' })}
          key={form.key('hidden')}
          label={t('nodes.fields.hidden')}
          description={t('nodes.fields.hiddenDescription')}
        />
        {withRegistry && (
          <RegistryPicker
            value={form.values.registry_id}
            onChange={(value) => form.setFieldValue('registry_id', value)}
            initialRegistry={entity?.registry ?? null}
            error={form.errors.registry_id}
          />
        )}
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
