import type { PlainPhraseKey } from '@federa/phrases';
import { useTranslation } from 'react-i18next';

/**
 * A phrase translated when it renders, for form errors of rules a screen defines itself: the message
 * follows a later language switch like the generic validation messages do.
 */
export function PhraseMessage({ phrase }: { readonly phrase: PlainPhraseKey }) {
  const { t } = useTranslation();
  return <>{t(phrase)}</>;
}
