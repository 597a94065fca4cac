/** Phrases of the copy-to-clipboard button. */
export const copy = {
  copy: 'Copy',
  copied: 'Copied',
  label: 'Copy {{name}}',
} as const;
