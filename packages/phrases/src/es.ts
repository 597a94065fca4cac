import type { ValidationPhrases } from './en.ts';
import { validation } from './es/validation.ts';

/** Spanish: only the form-validation messages; everything else falls back to English. */
export const es: { readonly validation: ValidationPhrases } = { validation };
