import type { ValidationPhrases } from './en.ts';
import { validation } from './fr/validation.ts';

/** French: only the form-validation messages; everything else falls back to English. */
export const fr: { readonly validation: ValidationPhrases } = { validation };
