import { en } from '@federa/phrases';
import { isClientError } from '@federa/client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorPhraseKey } from '../api/error-phrase.ts';
import { matchPhrase, phraseTemplates } from '../api/phrase-templates.ts';
import { ValidationMessage } from './ValidationMessage.tsx';

/** One per-field problem of a `validation_failed` answer. */
export interface ServerIssue {
  readonly path: string;
  readonly code?: string;
  readonly message: string;
}

/** The per-field issues of an API error (`body.issues`), or none. */
export function issuesOf(error: unknown): ServerIssue[] {
  const body = isClientError(error) ? error.body : undefined;
  const issues = (body as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is ServerIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof issue.path === 'string' &&
      typeof issue.message === 'string',
  );
}

/** The distinct attribute names of the issues (`name`, `children.0.type`, ...). */
export function invalidAttributes(error: unknown): string[] {
  return [
    ...new Set(
      issuesOf(error)
        .map((issue) => issue.path)
        .filter((path) => path !== ''),
    ),
  ];
}

/** "The attribute X is invalid." / "The attributes A, B are invalid." / "An unexpected error occurred." */
export function invalidAttributesMessage(names: readonly string[]): ReactNode {
  if (names.length === 0) return <ValidationMessage rule="unexpected" />;
  if (names.length === 1) return <ValidationMessage rule="attributeInvalid" name={names[0]!} />;
  return <ValidationMessage rule="attributesInvalid" names={names} />;
}

type ValidationKey = keyof typeof en.validation;

/** The English templates as patterns, to recognise a server message and show it translated. */
const TEMPLATES = phraseTemplates<ValidationKey>(en.validation);

/** A field message of the server, translated when it is one of the validation phrases. */
export function ServerIssueMessage({ issue }: { readonly issue: ServerIssue }) {
  const { t } = useTranslation();
  const known = matchPhrase(TEMPLATES, issue.message);
  if (!known) return <ValidationMessage rule="attributeInvalid" name={issue.path} />;
  if (known.key === 'name' || known.key === 'slug') return <ValidationMessage rule={known.key} />;
  const translate = t as unknown as (key: string, options: Record<string, unknown>) => string;
  return <>{translate(`validation.${known.key}`, known.values)}</>;
}

/** A form that can show messages at its fields (Mantine's `useForm` return value fits). */
export interface FieldErrorTarget {
  setFieldError(path: string, error: ReactNode): void;
  getValues?(): object;
}

/**
 * The name a 409 `conflict` clashed on ("An entry with the same name exists already."), when the form
 * has a name field: the clash belongs at that field, naming the value, not only in a summary.
 */
function takenName(form: FieldErrorTarget, error: unknown, fields: readonly string[]): string | undefined {
  if (!fields.includes('name') || !isClientError(error) || error.code !== 'conflict') return undefined;
  if (!/\bsame name\b/.test(error.message)) return undefined;
  const value = (form.getValues?.() as { name?: unknown } | undefined)?.name;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function TakenNameMessage({ name }: { readonly name: string }) {
  const { t } = useTranslation();
  return <>{t('identityAdmin.nameTaken', { name })}</>;
}

/**
 * Shows the server's per-field issues at the fields that exist in the form; returns the issues of
 * fields the form does not have (for the summary message).
 */
export function applyServerIssues(
  form: FieldErrorTarget,
  error: unknown,
  fields: readonly string[],
): ServerIssue[] {
  const unplaced: ServerIssue[] = [];
  const taken = takenName(form, error, fields);
  if (taken !== undefined) form.setFieldError('name', <TakenNameMessage name={taken} />);
  for (const issue of issuesOf(error)) {
    if (fields.includes(issue.path)) form.setFieldError(issue.path, <ServerIssueMessage issue={issue} />);
    else unplaced.push(issue);
  }
  return unplaced;
}

/** The message for a failed save: the invalid attributes for a validation error, else the error code's phrase. */
export function FormErrorMessage({ error }: { readonly error: unknown }) {
  const { t } = useTranslation();
  if (isClientError(error) && error.code === 'validation_failed') {
    return <>{invalidAttributesMessage(invalidAttributes(error))}</>;
  }
  return <>{t(errorPhraseKey(error))}</>;
}
