import type { PlainPhraseKey } from '@federa/phrases';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { emptyToNull } from '../../forms/form-values.ts';
import { maxLength, minLength, name, required, textRules } from '../../forms/rules.tsx';
import type { Identified } from '../../resources/live/live-list.ts';
import type { ResourceRef } from '../../resources/resource-types.ts';
import { useSession } from '../../session/session-context.tsx';
import { NameFields } from '../FormFields/NameFields.tsx';
import { defaultRealmId, isRealmPickerVisible } from '../RealmPicker/realm-picker-rules.ts';
import { SaveFooter } from './SaveFooter.tsx';
import { useEntitySave } from './use-entity-save.tsx';

/** Lengths of one entity's basic fields (docs/product/identity-and-access.md §5). */
export interface NamedEntityLimits {
  readonly name: readonly [number, number];
  readonly displayName: readonly [number, number];
  readonly description: readonly [number, number];
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

/** Validation of name (required, name characters), display name and description by the entity's limits. */
export function namedEntityValidation(limits: NamedEntityLimits) {
  return {
    name: textRules(required(), minLength(limits.name[0]), maxLength(limits.name[1]), name()),
    display_name: textRules(minLength(limits.displayName[0]), maxLength(limits.displayName[1])),
    description: textRules(minLength(limits.description[0]), maxLength(limits.description[1])),
  };
}

export interface NamedEntityFormProps<T extends NamedEntity> {
  readonly resource: ResourceRef;
  readonly entity?: T;
  readonly limits: NamedEntityLimits;
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
  limits,
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
    validate: namedEntityValidation(limits),
  });
  const { save, error, saving } = useEntitySave<T>({
    resource,
    entity,
    form,
    fields: NAMED_ENTITY_FIELDS,
    onSaved,
  });
  const nameLocked = entity?.built_in === true;

  const submit = form.onSubmit((values) => {
    const body: Partial<NamedEntityValues> = emptyToNull(values) as Partial<NamedEntityValues>;
    if (entity) delete body.realm_id;
    if (nameLocked) delete body.name;
    return save(body);
  });

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
