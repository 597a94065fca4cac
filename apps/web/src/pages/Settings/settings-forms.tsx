import { EMAIL_PATTERN } from '@federa/schemas';
import { ValidationMessage } from '../../forms/ValidationMessage.tsx';
import { checkName, checkText, collect, textOrNull, type Message } from '../../forms/checks.tsx';
import type { OwnUser } from './settings-api.ts';

export interface ProfileValues {
  name: string;
  display_name: string;
  email: string;
}

export function profileValues(user: OwnUser): ProfileValues {
  return { name: user.name, display_name: user.display_name ?? '', email: user.email ?? '' };
}

/**
 * docs/product/identity-and-access.md §5 "User": name 3-128 (name rule), display name 3-256, email 5-255 and
 * valid.
 */
export function validateProfile(values: ProfileValues): Record<string, Message> {
  const errors: Record<string, Message> = {};
  collect(errors, 'name', checkName(values.name, 3, 128));
  collect(errors, 'display_name', checkText(values.display_name, { min: 3, max: 256 }));
  const email = checkText(values.email, { min: 5, max: 255 });
  if (email !== null) errors.email = email;
  else if (values.email.trim() !== '' && !EMAIL_PATTERN.test(values.email.trim()))
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
