import type { Phrases } from '../en.ts';

export const saveConflict: Phrases['saveConflict'] = {
  title: 'Von jemand anderem geändert',
  reload: 'Neu laden',
  overwrite: 'Mit meinen Änderungen überschreiben',
};
