import type { Phrases } from '../en.ts';

/** Phrases of the copy-to-clipboard button. */
export const copy: Phrases['copy'] = {
  copy: 'Kopieren',
  copied: 'Kopiert',
  label: '{{name}} kopieren',
};
