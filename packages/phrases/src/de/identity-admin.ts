import type { Phrases } from '../en.ts';

export const identityAdmin: Phrases['identityAdmin'] = {
  signedOut: {
    forbidden: 'Sie wurden abgemeldet, weil Sie {{path}} nicht öffnen dürfen.',
    loginPage: 'Sie wurden abgemeldet, weil Sie die Anmeldeseite geöffnet haben.',
  },
  assignment: {
    assigned: '{{name}} zugewiesen.',
    removed: '{{name}} entfernt.',
    removeTitle: 'Zuweisung entfernen',
    removeConfirm: '{{name}} entfernen? Der darüber gewährte Zugriff endet sofort.',
    removeButton: 'Entfernen',
  },
  passwordVisibility: 'Passwort anzeigen oder verbergen',
  nameTaken: 'Der Name „{{name}}“ ist bereits vergeben; bitte wählen Sie einen anderen.',
  characters: {
    name: 'Erlaubt sind nur Buchstaben (a-z, A-Z, ohne Umlaute), Ziffern, Bindestrich, Unterstrich und Punkt.',
    slug: 'Erlaubt sind nur Kleinbuchstaben (a-z, ohne Umlaute), Ziffern, Bindestrich und Unterstrich.',
  },
  list: {
    notReadable: 'Sie dürfen hier Einträge hinzufügen (Hinzufügen), aber die Liste nicht sehen.',
  },
  check: {
    intro:
      'Würde {{permission}} jetzt gewährt? Wählen Sie, wer fragt; ihre Rollen und die Richtlinie entscheiden.',
    kind: 'Wer fragt',
    user: 'Benutzer',
    robot: 'Roboter',
    client: 'Client',
    subject: 'Name',
    run: 'Zugriff prüfen',
    granted: 'Gewährt: {{name}} darf {{permission}} jetzt nutzen.',
    refused: 'Verweigert: {{name}} darf {{permission}} jetzt nicht nutzen.',
    decidedBy: 'Entschieden hat die Richtlinie „{{policy}}“ ({{type}}).',
    notHeld:
      'Keine Rolle und keine direkte Zuweisung gibt sie ihnen, oder die Richtlinie der Berechtigung hat abgelehnt.',
  },
};
