import type { GetInputPropsReturnType } from '@mantine/form';
import { Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generateName } from '../../forms/form-values.ts';
import { RealmPicker } from '../RealmPicker/RealmPicker.tsx';
import { GeneratedTextInput } from './GeneratedTextInput.tsx';

/** The part of a Mantine form these fields use: any form with `name` and `display_name` values. */
export interface NameFieldsForm {
  readonly values: { readonly name: string; readonly realm_id?: string | null };
  readonly errors: Record<string, ReactNode>;
  getInputProps(path: 'name' | 'display_name' | 'description'): GetInputPropsReturnType;
  key(path: 'name' | 'display_name' | 'description'): string;
  setFieldValue(path: 'name', value: string): void;
  setFieldValue(path: 'realm_id', value: string | null): void;
}

export interface NameFieldsProps {
  readonly form: NameFieldsForm;
  /** Marks the name required (every record but robots, whose name the server can generate). */
  readonly nameRequired?: boolean;
  /** A name that can not change (built-in records, the master realm, a locked user name). */
  readonly nameDisabled?: boolean;
  /** Says why the name is fixed, or how to choose one. */
  readonly nameHint?: string;
  /** Offers a button that fills in a generated name. */
  readonly generatedName?: boolean;
  readonly description?: boolean;
  /** Shows the realm picker (master-realm users creating a record; see `isRealmPickerVisible`). */
  readonly realm?: { readonly visible: boolean; readonly required?: boolean };
}

/**
 * The fields most identity records share, in one order and with one set of labels: name, display
 * name, optionally description and realm. The form keeps their values and rules.
 */
export function NameFields({
  form,
  nameRequired = true,
  nameDisabled = false,
  nameHint,
  generatedName = false,
  description = false,
  realm,
}: NameFieldsProps) {
  const { t } = useTranslation();
  const nameLabel = t('admin.fields.name');
  return (
    <>
      {generatedName ? (
        <GeneratedTextInput
          value={form.values.name}
          onChange={(value) => form.setFieldValue('name', value)}
          error={form.errors.name}
          label={nameLabel}
          description={nameHint}
          required={nameRequired}
          disabled={nameDisabled}
          generate={generateName}
          generateLabel={t('admin.form.generateName')}
          autoComplete="off"
        />
      ) : (
        <TextInput
          {...form.getInputProps('name')}
          key={form.key('name')}
          label={nameLabel}
          description={nameHint}
          required={nameRequired}
          disabled={nameDisabled}
          autoComplete="off"
        />
      )}
      <TextInput
        {...form.getInputProps('display_name')}
        key={form.key('display_name')}
        label={t('admin.fields.displayName')}
      />
      {description && (
        <Textarea
          {...form.getInputProps('description')}
          key={form.key('description')}
          label={t('admin.fields.description')}
          rows={3}
        />
      )}
      {realm?.visible && (
        <RealmPicker
          value={form.values.realm_id ?? null}
          onChange={(value) => form.setFieldValue('realm_id', value)}
          error={form.errors.realm_id}
          required={realm.required}
        />
      )}
    </>
  );
}
