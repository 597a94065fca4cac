import type { ValidationPhrases } from './en.ts';

/** Spanish: only the generic form-validation messages; everything else falls back to English. */
export const es: { readonly validation: ValidationPhrases } = {
  validation: {
    required: 'Este campo es obligatorio',
    minLength: 'Este campo debe tener al menos {{min}} caracteres',
    maxLength: 'La longitud máxima permitida es {{max}}',
    minValue: 'El valor mínimo permitido es {{min}}',
    maxValue: 'El valor máximo permitido es {{max}}',
    numeric: 'El valor debe ser numérico',
    email: 'El valor no es una dirección de correo electrónico válida',
    url: 'El valor no es una dirección URL válida',
    sameAs: 'El valor debe ser igual al valor de {{name}}',
  },
};
