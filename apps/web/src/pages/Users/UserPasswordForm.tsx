import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/EntityForm/FormFailure.tsx';
import { useEntitySave } from '../../components/EntityForm/use-entity-save.tsx';
import { passwordValidation, type PasswordValues } from '../../forms/password-rules.ts';
import { maxLength, required, textRules } from '../../forms/rules.tsx';
import { useSession } from '../../session/session-context.tsx';
import { authResources, type User } from '../../resources/resource-types.ts';
import { CurrentPasswordField, NewPasswordFields } from '../../forms/PasswordFields.tsx';

type UserPasswordValues = PasswordValues & { password_current: string };

/**
 * Sets a user's password (update with password and password_repeat, docs/product/identity-and-access.md §7).
 * For the own account the server also wants the current password, as on the security settings page.
 */
export function UserPasswordForm({ user }: { readonly user: User }) {
  const { t } = useTranslation();
  const own = useSession().user?.id === user.id;
  const form = useForm<UserPasswordValues>({
    mode: 'controlled',
    initialValues: { password_current: '', password: '', password_repeat: '' },
    validate: {
      ...passwordValidation,
      password_current: (value) => (own ? textRules(required(), maxLength(512))(value) : null),
    },
  });
  const { save, error, saving } = useEntitySave({
    resource: authResources.users,
    entity: user,
    form,
    fields: ['password_current', 'password', 'password_repeat'],
    onSaved: () => form.reset(),
  });
  return (
    <form
      onSubmit={form.onSubmit(({ password_current, ...values }) =>
        save(own ? { ...values, password_current } : values),
      )}
      noValidate
    >
      <Stack gap="md" maw={560}>
        <Title order={2} size="h3">
          {t('admin.users.passwordTitle')}
        </Title>
        {own && <CurrentPasswordField form={form} />}
        <NewPasswordFields form={form} />
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
