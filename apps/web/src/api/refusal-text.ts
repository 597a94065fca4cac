import { en } from '@federa/phrases';
import { errorPhraseKey } from './error-phrase.ts';
import { matchPhrase, phraseTemplates } from './phrase-templates.ts';

type Translate = (key: string, values?: Record<string, string>) => string;

const REFUSALS = phraseTemplates(en.analyses.refusal);

/**
 * One of the server's analysis refusals ("At least one node has not approved the analysis.") in the
 * reader's language, or undefined for any other message. The server words them as the original hub
 * does, in English, for the original client. Quoted values (a build status, a command) stay as the
 * server names them: they are identifiers, as in the API.
 */
export function refusalText(t: Translate, message: string): string | undefined {
  const known = matchPhrase(REFUSALS, message);
  return known ? t(`analyses.refusal.${known.key}`, known.values) : undefined;
}

/**
 * Why the server refused: its refusal in the reader's language when it is a known one, else the
 * server's own words (its rejection messages are the product's), else the error code's phrase.
 */
export function failureText(t: (key: string) => string, error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || !message.trim()) return t(errorPhraseKey(error));
  return refusalText(t, message) ?? message;
}
