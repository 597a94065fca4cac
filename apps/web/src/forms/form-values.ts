/** Generated ids and names: 21 lowercase alphanumeric characters (docs/product/identity-and-access.md §9). */
const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ROBOT_SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Client secrets: letters, digits and `- _ ! .` (docs/product/identity-and-access.md §4 Forms). */
const CLIENT_SECRET_ALPHABET = `${ROBOT_SECRET_ALPHABET}-_!.`;

/** Random text from an alphabet, drawn with the platform's cryptographic generator. */
export function randomText(length: number, alphabet: string): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (value) => alphabet[value % alphabet.length]).join('');
}

export const generateName = (): string => randomText(21, NAME_ALPHABET);
export const generateRobotSecret = (): string => randomText(64, ROBOT_SECRET_ALPHABET);
export const generateClientSecret = (): string => randomText(64, CLIENT_SECRET_ALPHABET);

/** A stored secret is hashed (argon2id) and starts with `$`. */
export const isHashedSecret = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.startsWith('$');

/** Empty-string fields become null before create and update (docs/product/identity-and-access.md §3). */
export function emptyToNull<T extends object>(
  values: T,
): { [K in keyof T]: T[K] extends string ? string | null : T[K] } {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' && value.trim() === '' ? null : value,
    ]),
  ) as never;
}

/** Only the fields that differ from the record being edited (every field when creating). */
export function changedFields<T extends object>(values: T, existing: object | undefined): Partial<T> {
  if (!existing) return values;
  const before = existing as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => (before[key] ?? null) !== (value ?? null)),
  ) as Partial<T>;
}
