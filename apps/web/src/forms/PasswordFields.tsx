import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { PasswordValues } from './password-rules.ts';

/**
 * The new password and its repeat, as every form that sets a password asks for them (validated by
 * `passwordValidation`). `labels` names them differently where the screen speaks of a new password.
 */
export function NewPasswordFields<T extends PasswordValues>({
  form,
  labels,
}: {
  readonly form: UseFormReturnType<T>;
  readonly labels?: { readonly password: string; readonly repeat: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        {...form.getInputProps('password')}
        key={form.key('password')}
        label={labels?.password ?? t('admin.fields.password')}
        autoComplete="new-password"
        required
      />
      <PasswordInput
        {...form.getInputProps('password_repeat')}
        key={form.key('password_repeat')}
        label={labels?.repeat ?? t('admin.fields.passwordRepeat')}
        autoComplete="new-password"
        required
      />
    </>
  );
}

/** The password a person has now, which the server asks for before they set their own new one. */
export function CurrentPasswordField<T extends { password_current: string }>({
  form,
}: {
  readonly form: UseFormReturnType<T>;
}) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      {...form.getInputProps('password_current')}
      key={form.key('password_current')}
      label={t('account.password.current')}
      description={t('account.password.currentDescription')}
      autoComplete="current-password"
      required
    />
  );
}
