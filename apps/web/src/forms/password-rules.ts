import { maxLength, minLength, passwordStrength, required, sameAs, textRules } from './rules.tsx';

export interface PasswordValues {
  password: string;
  password_repeat: string;
}

/**
 * A new password entered twice (docs/product/identity-and-access.md §5 "Password": required, 5-100, the
 * repeat equal to it), plus the server's strength rule (8+ characters with an uppercase and a lowercase
 * letter and a digit), so that a weak password is refused before it is sent. Used wherever a password is set.
 */
export const passwordValidation = {
  password: textRules(required(), minLength(5), maxLength(100), passwordStrength()),
  password_repeat: textRules(
    required(),
    minLength(5),
    maxLength(100),
    sameAs('password', 'settings.passwordRepeatName'),
  ),
};
