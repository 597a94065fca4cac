import type { PhraseKey } from '@federa/phrases';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_PATTERN } from '@federa/schemas';
import { ValidationMessage } from './ValidationMessage.tsx';

/*
 * Checks for forms that validate a whole object at once (policies with their type's settings,
 * identity providers by protocol, role mappings, settings): the same rules and messages as the
 * per-field `rules.tsx`, as functions of a value. Error values are elements, translated when they
 * render, so a message on screen follows a language switch.
 */

/** A phrase translated when it renders, e.g. as a form error. */
export function Phrase({ k, values }: { readonly k: PhraseKey; readonly values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  return <>{t(k, values as never)}</>;
}

export type Message = ReactNode;

export const requiredMessage = (): Message => <ValidationMessage rule="required" />;
export const minLengthMessage = (min: number): Message => <ValidationMessage rule="minLength" min={min} />;
export const maxLengthMessage = (max: number): Message => <ValidationMessage rule="maxLength" max={max} />;

/** Checks a text: required (after trimming), length bounds; null when it passes. */
export function checkText(
  value: string,
  { required = false, min, max }: { required?: boolean; min?: number; max?: number },
): Message | null {
  const trimmed = value.trim();
  if (trimmed === '') return required ? requiredMessage() : null;
  if (min !== undefined && trimmed.length < min) return minLengthMessage(min);
  if (max !== undefined && trimmed.length > max) return maxLengthMessage(max);
  return null;
}

/** The name rule of realms, roles, policies, identity providers …: length plus allowed characters. */
export function checkName(value: string, min: number, max: number, required = true): Message | null {
  const length = checkText(value, { required, min, max });
  if (length !== null) return length;
  if (value.trim() !== '' && !NAME_PATTERN.test(value.trim())) return <ValidationMessage rule="name" />;
  return null;
}

/** An http(s) URL (the server accepts nothing else). */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

export function checkUrl(value: string, required = false): Message | null {
  if (value.trim() === '') return required ? requiredMessage() : null;
  return isHttpUrl(value.trim()) ? null : <ValidationMessage rule="url" />;
}

/** A whole number between min and max; empty passes unless required. */
export function checkInteger(
  value: number | string | null | undefined,
  { min, max, required = false }: { min?: number; max?: number; required?: boolean },
): Message | null {
  if (value === '' || value === null || value === undefined) return required ? requiredMessage() : null;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || !Number.isInteger(number)) return <ValidationMessage rule="numeric" />;
  if (min !== undefined && number < min) return <ValidationMessage rule="minValue" min={min} />;
  if (max !== undefined && number > max) return <ValidationMessage rule="maxValue" max={max} />;
  return null;
}

/**
 * A trimmed text, or null when empty (docs/product/identity-and-access.md §3: empty strings become null
 * before create and update).
 */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Adds the error when there is one. */
export function collect(errors: Record<string, Message>, path: string, message: Message | null): void {
  if (message !== null) errors[path] = message;
}
