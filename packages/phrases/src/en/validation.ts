/**
 * Form-validation messages (docs/product/identity-and-access.md §5). Placeholders use i18next interpolation
 * (`{{min}}`). Every locale (en, de, fr, es) has all of them.
 */
export const validation = {
  required: 'This field is required',
  minLength: 'This field should be at least {{min}} characters long',
  maxLength: 'The maximum length allowed is {{max}}',
  minValue: 'The minimum value allowed is {{min}}',
  maxValue: 'The maximum value allowed is {{max}}',
  numeric: 'Value must be numeric',
  email: 'Value is not a valid email address',
  url: 'The value is not a valid URL address',
  sameAs: 'The value must be equal to the {{name}} value',
  slug: 'The input value is only allowed to consist of the following characters: [0-9a-z-_]+',
  name: 'The input value is only allowed to consist of the following characters: [0-9a-zA-Z-_.]+',
  minItems: 'At least {{min}} items are required',
  maxItems: 'At most {{max}} items are allowed',
  time: 'The value must be a time of day (HH:MM or HH:MM:SS)',
  date: 'The value must be a date (YYYY-MM-DD)',
  passwordStrength:
    'The password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a digit',
  phone: 'The value must be a phone number: a plus sign followed by 7 to 15 digits',
  connectionString: 'The value must have the form token@host',
  externalName: 'Only letters, digits, hyphens and underscores are allowed.',
  robotSecret: 'At least 8 characters with an uppercase letter, a lowercase letter and a digit.',
  reservedName: 'This name is reserved.',
  attributeInvalid: 'The attribute {{name}} is invalid.',
  attributesInvalid: 'The attributes {{names}} are invalid.',
  unexpected: 'An unexpected error occurred.',
} as const;
