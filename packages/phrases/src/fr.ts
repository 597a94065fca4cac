import type { ValidationPhrases } from './en.ts';

/** French: only the generic form-validation messages; everything else falls back to English. */
export const fr: { readonly validation: ValidationPhrases } = {
  validation: {
    required: 'Ce champ est obligatoire',
    minLength: 'Ce champ doit contenir au moins {{min}} caractères',
    maxLength: 'La longueur maximale autorisée est de {{max}}',
    minValue: 'La valeur minimale autorisée est {{min}}',
    maxValue: 'La valeur maximale autorisée est {{max}}',
    numeric: 'La valeur doit être numérique',
    email: "La valeur n'est pas une adresse e-mail valide",
    url: "La valeur n'est pas une adresse URL valide",
    sameAs: 'La valeur doit être égale à la valeur de {{name}}',
  },
};
