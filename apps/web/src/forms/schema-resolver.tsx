import type { ReactNode } from 'react';
import { ServerIssueMessage } from './server-errors.tsx';
import { ValidationMessage } from './ValidationMessage.tsx';

/** What the resolver needs of a schema of `@federa/schemas` (a zod schema), without importing zod. */
export interface RequestSchema {
  safeParse(value: unknown):
    | { readonly success: true }
    | {
        readonly success: false;
        readonly error: {
          readonly issues: readonly {
            readonly path: readonly PropertyKey[];
            readonly code: string;
            readonly message: string;
          }[];
        };
      };
}

/** Issues that, on an empty field, mean it is missing: too short, or not even of the right type. */
const MISSING_CODES = new Set(['too_small', 'invalid_type']);

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Validates a form with the request schema the server checks the same body with, so a form refuses
 * exactly what the server would: `toBody` makes the body from the form's values, and each issue is
 * shown at its field (the first per field), in the words of the validation phrases. An empty field
 * the schema wants longer, or wants at all, is "required". Use as Mantine's `validate`.
 */
export function schemaResolver<V extends object>(schema: RequestSchema, toBody: (values: V) => unknown) {
  return (values: V): Record<string, ReactNode> => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return {};
    const errors: Record<string, ReactNode> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (path in errors) continue;
      const value = (values as Record<string, unknown>)[path];
      errors[path] =
        isBlank(value) && MISSING_CODES.has(issue.code) ? (
          <ValidationMessage rule="required" />
        ) : (
          <ServerIssueMessage issue={{ path, message: issue.message }} />
        );
    }
    return errors;
  };
}

/**
 * A resolver that also asks for fields the form marks required where the API would fill them in
 * itself (a generated name), so the form keeps the promise its asterisk makes.
 */
export function requiring<V extends object>(
  validate: (values: V) => Record<string, ReactNode>,
  fields: readonly (keyof V & string)[],
) {
  return (values: V): Record<string, ReactNode> => {
    const errors = validate(values);
    for (const field of fields) {
      if (isBlank(values[field]) && !errors[field]) errors[field] = <ValidationMessage rule="required" />;
    }
    return errors;
  };
}

/**
 * A resolver that also asks for the realm where the form shows the realm picker (a master-realm
 * user creating a record must choose one, while the API would take its own realm).
 */
export function requiringRealm<V extends { realm_id: string | null }>(
  validate: (values: V) => Record<string, ReactNode>,
  realmRequired: boolean,
) {
  return realmRequired ? requiring<V>(validate, ['realm_id']) : validate;
}
