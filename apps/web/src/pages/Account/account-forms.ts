import { passwordValidation } from '../../forms/password-rules.ts';
import { email, maxLength, minLength, name, required, textRules } from '../../forms/rules.tsx';

export interface RegisterValues {
  name: string;
  email: string;
  password: string;
  password_repeat: string;
  realmId: string | null;
}

/** As the server checks a new user (docs/product/identity-and-access.md §5: name 3-128, e-mail 5-255). */
export const registerValidation = {
  name: textRules(required(), minLength(3), maxLength(128), name()),
  email: textRules(required(), minLength(5), maxLength(255), email()),
  ...passwordValidation,
};

export interface ForgotValues {
  nameOrEmail: string;
  realmId: string | null;
}

export const forgotValidation = {
  nameOrEmail: textRules(required(), maxLength(255)),
};

export interface ResetValues extends ForgotValues {
  token: string;
  password: string;
  password_repeat: string;
}

export const resetValidation = {
  ...forgotValidation,
  token: textRules(required(), maxLength(256)),
  ...passwordValidation,
};
