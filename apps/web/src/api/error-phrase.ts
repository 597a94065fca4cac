import { en, type PlainPhraseKey } from '@federa/phrases';

type ErrorCodeKey = keyof typeof en.errors;

function isKnownCode(code: unknown): code is ErrorCodeKey {
  return typeof code === 'string' && Object.hasOwn(en.errors, code);
}

/**
 * The phrase that explains an API error to the user. Error bodies carry a stable `code` that is also
 * a key of `errors.*`; anything else gets the generic "unknown error" text.
 */
export function errorPhraseKey(error: unknown): PlainPhraseKey {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return isKnownCode(code) ? `errors.${code}` : 'app.errors.unknown';
}
