import type { PlainPhraseKey } from '@federa/phrases';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { emptyToNull } from '../../forms/form-values.ts';
import { schemaResolver, type RequestSchema } from '../../forms/schema-resolver.tsx';
import type { Identified } from '../../resources/live/live-list.ts';
import type { ResourceRef } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import { NameFields } from '../FormFields/NameFields.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../RealmPicker/realm-picker-rules.ts';
import { SaveFooter } from './SaveFooter.tsx';
import { useEntitySave } from './use-entity-save.tsx';

/** The request schemas the server validates the record's create and update bodies with. */
export interface NamedEntitySchemas {
  readonly create: RequestSchema;
  readonly update: RequestSchema;
}

export interface NamedEntityValues {
  name: string;
  display_name: string;
  description: string;
  realm_id: string | null;
}

export const NAMED_ENTITY_FIELDS = ['name', 'display_name', 'description', 'realm_id'] as const;

interface NamedEntity extends Identified {
  readonly name: string;
  readonly display_name?: string | null;
  readonly description?: string | null;
  readonly realm_id?: string | null;
  readonly built_in?: boolean;
}

export interface NamedEntityFormProps<T extends NamedEntity> {
  readonly resource: ResourceRef<T>;
  readonly entity?: T;
  /** The rules of its fields (docs/product/identity-and-access.md §5), as the server checks them. */
  readonly schemas: NamedEntitySchemas;
  /** Built-in records keep their name; this explains why the field is disabled. */
  readonly builtInNameHint?: PlainPhraseKey;
  readonly fixedRealmId?: string | null;
  readonly onSaved?: (saved: T, created: boolean) => void;
}

/**
 * Create or edit a record with name, display name, description and (on create, for master-realm
 * users) a realm, which may stay empty for a global record: roles and scopes.
 */
export function NamedEntityForm<T extends NamedEntity>({
  resource,
  entity,
  schemas,
  builtInNameHint,
  fixedRealmId,
  onSaved,
}: NamedEntityFormProps<T>) {
  const { t } = useTranslation();
  const session = useSession();
  const realmContext = {
    realm: session.realm,
    realmManagement: session.realmManagement,
    fixedRealmId,
    editing: !!entity,
  };
  const showRealm = isRealmPickerVisible(realmContext);
  const form = useForm<NamedEntityValues>({
    mode: 'controlled',
    initialValues: {
      name: entity?.name ?? '',
      display_name: entity?.display_name ?? '',
      description: entity?.description ?? '',
      realm_id: entity?.realm_id ?? defaultRealmId(realmContext),
    },
    validate: (values) => validate(values),
  });
  const { save, error, saving } = useEntitySave({
    resource,
    entity,
    form,
    fields: NAMED_ENTITY_FIELDS,
    onSaved,
  });
  const nameLocked = entity?.built_in === true;
  /** The body to send: empty fields become null; the realm only on create; a built-in name stays. */
  const bodyOf = (values: NamedEntityValues): Partial<NamedEntityValues> => {
    const body = emptyToNull(values) as Partial<NamedEntityValues>;
    if (entity) delete body.realm_id;
    if (nameLocked) delete body.name;
    return body;
  };
  const validate = schemaResolver<NamedEntityValues>(entity ? schemas.update : schemas.create, bodyOf);

  const submit = form.onSubmit((values) => save(bodyOf(values)));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <NameFields
          form={form}
          nameDisabled={nameLocked}
          nameHint={nameLocked && builtInNameHint ? t(builtInNameHint) : undefined}
          description
          realm={{ visible: showRealm }}
        />
        <SaveFooter error={error} saving={saving} editing={!!entity} />
      </Stack>
    </form>
  );
}
