import type { PlainPhraseKey } from '@federa/phrases';
import { EMAIL_PATTERN, NAME_PATTERN } from '@federa/schemas';
import type { ReactNode } from 'react';
import { ValidationMessage } from './ValidationMessage.tsx';

/**
 * One rule for a text field: null when the value passes, the message otherwise. `values` are the
 * form's values (for rules that compare fields, like `sameAs`).
 */
export type TextRule = (value: string, values?: object) => ReactNode | null;

const filled = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && value !== '';

/** Not empty once surrounding whitespace is removed. */
export const required = (): TextRule => (value) =>
  (value ?? '').trim() === '' ? <ValidationMessage rule="required" /> : null;

/** At least `min` characters; an empty value is left to `required`. */
export const minLength =
  (min: number): TextRule =>
  (value) =>
    filled(value) && value.length < min ? <ValidationMessage rule="minLength" min={min} /> : null;

/** At most `max` characters. */
export const maxLength =
  (max: number): TextRule =>
  (value) =>
    filled(value) && value.length > max ? <ValidationMessage rule="maxLength" max={max} /> : null;

/** Slugs: lowercase letters, digits, hyphen and underscore. */
export const SLUG_PATTERN = /^[0-9a-z\-_]+$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const PHONE_PATTERN = /^\+\d{7,15}$/;
const CONNECTION_STRING_PATTERN = /^[^@\s]+@[^@\s]+$/;

const pattern =
  (regex: RegExp, message: () => ReactNode): TextRule =>
  (value) =>
    filled(value) && !regex.test(value) ? message() : null;

/** `[0-9a-zA-Z-_.]+` with its message. */
export const name = (): TextRule => pattern(NAME_PATTERN, () => <ValidationMessage rule="name" />);
/** `[0-9a-z-_]+` with its message. */
export const slug = (): TextRule => pattern(SLUG_PATTERN, () => <ValidationMessage rule="slug" />);
export const email = (): TextRule => pattern(EMAIL_PATTERN, () => <ValidationMessage rule="email" />);
/** HH:MM or HH:MM:SS, 24-hour. */
export const time = (): TextRule => pattern(TIME_PATTERN, () => <ValidationMessage rule="time" />);
/** YYYY-MM-DD. */
export const date = (): TextRule => pattern(DATE_PATTERN, () => <ValidationMessage rule="date" />);
export const phone = (): TextRule => pattern(PHONE_PATTERN, () => <ValidationMessage rule="phone" />);
/** A secrets-vault connection string: `token@host`. */
export const connectionString = (): TextRule =>
  pattern(CONNECTION_STRING_PATTERN, () => <ValidationMessage rule="connectionString" />);

/** At least 8 characters with an uppercase letter, a lowercase letter and a digit (platform rule). */
export const passwordStrength = (): TextRule => (value) =>
  filled(value) && (value.length < 8 || !/[A-Z]/.test(value) || !/[a-z]/.test(value) || !/\d/.test(value)) ? (
    <ValidationMessage rule="passwordStrength" />
  ) : null;

/** An absolute http(s) URL. */
export const url = (): TextRule => (value) => {
  if (!filled(value)) return null;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : (
      <ValidationMessage rule="url" />
    );
  } catch {
    return <ValidationMessage rule="url" />;
  }
};

/** A comma-separated list whose every item is an absolute URL (wildcards `*` allowed). */
export const urlList = (): TextRule => (value) => {
  if (!filled(value)) return null;
  const check = url();
  for (const item of value.split(',').map((entry) => entry.trim())) {
    if (item !== '' && check(item.replaceAll('*', 'x')) !== null) return <ValidationMessage rule="url" />;
  }
  return null;
};

export const numeric = (): TextRule => (value) =>
  filled(value) && !/^-?\d+(\.\d+)?$/.test(value.trim()) ? <ValidationMessage rule="numeric" /> : null;

export const minValue =
  (min: number): TextRule =>
  (value) =>
    filled(value) && Number(value) < min ? <ValidationMessage rule="minValue" min={min} /> : null;

export const maxValue =
  (max: number): TextRule =>
  (value) =>
    filled(value) && Number(value) > max ? <ValidationMessage rule="maxValue" max={max} /> : null;

/** Equal to another field of the form (e.g. `password_repeat` to `password`), named by `labelKey`. */
export const sameAs =
  (field: string, labelKey: PlainPhraseKey): TextRule =>
  (value, values) =>
    (value ?? '') !== String((values as Record<string, unknown> | undefined)?.[field] ?? '') ? (
      <ValidationMessage rule="sameAs" nameKey={labelKey} />
    ) : null;

/** Checks the rules in order and reports the first that fails (for `useForm({ validate })`). */
export function textRules(
  ...rules: readonly TextRule[]
): (value: string, values?: object) => ReactNode | null {
  return (value, values) => {
    for (const rule of rules) {
      const message = rule(value ?? '', values);
      if (message !== null) return message;
    }
    return null;
  };
}
