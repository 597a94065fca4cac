import { maxLength, minLength, required, textRules } from '../../forms/rules.tsx';

export interface LoginValues {
  name: string;
  password: string;
  realmId: string | null;
}

export const initialLoginValues: LoginValues = { name: '', password: '', realmId: null };

/** Login: name and password are required, 3 to 255 characters (docs/product/analysis-platform.md §5). */
export const loginValidation = {
  name: textRules(required(), minLength(3), maxLength(255)),
  password: textRules(required(), minLength(3), maxLength(255)),
};
