import { Button, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { passwordValidation, type PasswordValues } from '../../forms/password-rules.ts';
import { authResources, type User } from '../../resources/resource-types.ts';

/**
 * Sets a user's password (update with password and password_repeat, docs/product/identity-and-access.md §7).
 */
export function UserPasswordForm({ user }: { readonly user: User }) {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', password_repeat: '' },
    validate: passwordValidation,
  });
  const { save, error, saving } = useEntitySave<User>({
    resource: authResources.users,
    entity: user,
    form,
    fields: ['password', 'password_repeat'],
    onSaved: () => form.reset(),
  });
  return (
    <form onSubmit={form.onSubmit((values) => save(values))} noValidate>
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3">
          {t('admin.users.passwordTitle')}
        </Title>
        <PasswordInput
          {...form.getInputProps('password')}
          key={form.key('password')}
          label={t('admin.fields.password')}
          autoComplete="new-password"
          required
        />
        <PasswordInput
          {...form.getInputProps('password_repeat')}
          key={form.key('password_repeat')}
          label={t('admin.fields.passwordRepeat')}
          autoComplete="new-password"
          required
        />
        <FormFailure error={error} />
        <Group>
          <Button type="submit" variant="default" loading={saving}>
            {t('admin.form.update')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
