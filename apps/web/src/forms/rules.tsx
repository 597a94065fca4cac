import type { ReactNode } from 'react';
import { ValidationMessage } from './ValidationMessage.tsx';

/** One rule for a text field: null when the value passes, the message otherwise. */
export type TextRule = (value: string) => ReactNode | null;

/** Not empty once surrounding whitespace is removed. */
export const required = (): TextRule => (value) =>
  value.trim() === '' ? <ValidationMessage rule="required" /> : null;

/** At least `min` characters; an empty value is left to `required`. */
export const minLength =
  (min: number): TextRule =>
  (value) =>
    value !== '' && value.length < min ? <ValidationMessage rule="minLength" min={min} /> : null;

/** At most `max` characters. */
export const maxLength =
  (max: number): TextRule =>
  (value) =>
    value.length > max ? <ValidationMessage rule="maxLength" max={max} /> : null;

/** Checks the rules in order and reports the first that fails (for `useForm({ validate })`). */
export function textRules(...rules: readonly TextRule[]): (value: string) => ReactNode | null {
  return (value) => {
    for (const rule of rules) {
      const message = rule(value);
      if (message !== null) return message;
    }
    return null;
  };
}
