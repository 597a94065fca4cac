import { useTranslation } from 'react-i18next';
import { ValidationMessage } from '../../forms/ValidationMessage.tsx';
import { checkName, checkText, collect, textOrNull, type Message } from '../Policies/form-kit.tsx';
import type { OwnUser } from './settings-api.ts';

export interface ProfileValues {
  name: string;
  display_name: string;
  email: string;
}

export function profileValues(user: OwnUser): ProfileValues {
  return { name: user.name, display_name: user.display_name ?? '', email: user.email ?? '' };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5 "User": name 3-128 (name rule), display name 3-256, email 5-255 and valid. */
export function validateProfile(values: ProfileValues): Record<string, Message> {
  const errors: Record<string, Message> = {};
  collect(errors, 'name', checkName(values.name, 3, 128));
  collect(errors, 'display_name', checkText(values.display_name, { min: 3, max: 256 }));
  const email = checkText(values.email, { min: 5, max: 255 });
  if (email !== null) errors.email = email;
  else if (values.email.trim() !== '' && !EMAIL.test(values.email.trim()))
    errors.email = <ValidationMessage rule="email" />;
  return errors;
}

export function profilePayload(values: ProfileValues, nameLocked: boolean): Record<string, unknown> {
  return {
    ...(nameLocked ? {} : { name: values.name.trim() }),
    display_name: textOrNull(values.display_name),
    email: textOrNull(values.email),
  };
}

export interface PasswordValues {
  password: string;
  password_repeat: string;
}

/** "The value must be equal to the password value", with the field name translated too. */
function SameAsPassword() {
  const { t } = useTranslation();
  return <>{t('validation.sameAs', { name: t('adminB.settings.passwordRepeatName') })}</>;
}

/**
 * Spec §5 "Password": required, 5-100, repeat equal. The server also wants at least 8 characters
 * with an uppercase and a lowercase letter and a digit, checked here too.
 */
export function validatePassword(values: PasswordValues): Record<string, Message> {
  const errors: Record<string, Message> = {};
  const password = checkText(values.password, { required: true, min: 5, max: 100 });
  if (password !== null) errors.password = password;
  else if (
    values.password.length < 8 ||
    !/[A-Z]/.test(values.password) ||
    !/[a-z]/.test(values.password) ||
    !/[0-9]/.test(values.password)
  )
    errors.password = <ValidationMessage rule="passwordStrength" />;
  const repeat = checkText(values.password_repeat, { required: true, min: 5, max: 100 });
  if (repeat !== null) errors.password_repeat = repeat;
  else if (values.password_repeat !== values.password) errors.password_repeat = <SameAsPassword />;
  return errors;
}
