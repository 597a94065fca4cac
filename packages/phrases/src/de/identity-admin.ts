import type { Phrases } from '../en.ts';

export const identityAdmin: Phrases['identityAdmin'] = {
  signedOut: {
    forbidden: 'Sie wurden abgemeldet, weil Sie {{path}} nicht öffnen dürfen.',
    loginPage: 'Sie wurden abgemeldet, weil Sie die Anmeldeseite geöffnet haben.',
  },
  list: {
    notReadable: 'Sie dürfen hier Einträge hinzufügen (Hinzufügen), aber die Liste nicht sehen.',
  },
};
