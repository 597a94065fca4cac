import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../components/FormFields/NameFields.tsx';
import { SaveFooter } from '../../components/EntityForm/SaveFooter.tsx';
import { showSecretOnce } from '../../components/EntityForm/show-secret-once.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { GeneratedTextInput } from '../../components/FormFields/GeneratedTextInput.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../../components/RealmPicker/realm-picker-rules.ts';
import { generateRobotSecret } from '../../forms/form-values.ts';
import { authResources, type Robot } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import {
  initialRobotValues,
  ROBOT_FIELDS,
  robotBody,
  robotValidation,
  type RobotFormValues,
} from './robot-form.ts';

export interface RobotFormProps {
  readonly entity?: Robot;
  /** A realm the page imposes: the realm picker is hidden. */
  readonly fixedRealmId?: string | null;
  readonly onSaved?: (robot: Robot, created: boolean) => void;
}

/** Create or edit a robot: name, display name, realm, secret (generated, shown once after saving). */
export function RobotForm({ entity, fixedRealmId, onSaved }: RobotFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const realmContext = {
    realm: session.realm,
    realmManagement: session.realmManagement,
    fixedRealmId,
    editing: !!entity,
  };
  const showRealm = isRealmPickerVisible(realmContext);
  const form = useForm<RobotFormValues>({
    mode: 'controlled',
    initialValues: initialRobotValues(entity, defaultRealmId(realmContext)),
    validate: robotValidation({ realmRequired: showRealm, editing: !!entity }),
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.robots,
    entity,
    form,
    fields: ROBOT_FIELDS,
    onSaved: (robot, created) => {
      showSecretOnce(t, robot.secret);
      onSaved?.(robot, created);
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => save(robotBody(values, !!entity)))} noValidate>
      <Stack gap="md" maw={560}>
        <NameFields form={form} nameRequired={false} realm={{ visible: showRealm, required: true }} />
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
          generate={generateRobotSecret}
          generateLabel={t('admin.form.generateSecret')}
        />
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
