/** Generic form-validation messages. Placeholders use i18next interpolation (`{{min}}`). */
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
} as const;
