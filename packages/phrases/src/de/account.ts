import type { Phrases } from '../en.ts';

/** Selbstbedienung: registrieren, aktivieren, Passwort vergessen und zurücksetzen, eigene Sitzungen. */
export const account: Phrases['account'] = {
  backToLogin: 'Zurück zur Anmeldung',
  nameOrEmail: 'Name oder E-Mail-Adresse',
  email: 'E-Mail-Adresse',
  code: 'Code aus der E-Mail',
  loginLinks: {
    register: 'Konto erstellen',
    forgot: 'Passwort vergessen?',
  },
  register: {
    title: 'Konto erstellen',
    intro: 'Wählen Sie einen Namen und ein Passwort. Damit melden Sie sich an.',
    submit: 'Konto erstellen',
    failed: 'Das Konto konnte nicht erstellt werden',
    doneTitle: 'Konto erstellt',
    doneActivate:
      'Wir haben eine E-Mail mit einem Aktivierungscode an {{email}} gesendet. Öffnen Sie den Link darin oder geben Sie den Code ein, um Ihr Konto zu aktivieren.',
    doneActive: 'Ihr Konto ist bereit. Sie können sich jetzt anmelden.',
    enterCode: 'Aktivierungscode eingeben',
  },
  activate: {
    title: 'Konto aktivieren',
    intro: 'Geben Sie den Code aus der E-Mail ein, die wir Ihnen nach der Registrierung gesendet haben.',
    submit: 'Aktivieren',
    failed: 'Das Konto konnte nicht aktiviert werden',
    done: 'Ihr Konto {{name}} ist aktiv. Sie können sich jetzt anmelden.',
  },
  forgot: {
    title: 'Passwort vergessen?',
    intro:
      'Geben Sie den Namen oder die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Code, mit dem Sie ein neues Passwort wählen.',
    submit: 'Code senden',
    failed: 'Der Code konnte nicht gesendet werden',
    done: 'Falls ein Konto mit diesen Angaben existiert, haben wir einen Code an seine E-Mail-Adresse gesendet. Er ist nur begrenzte Zeit gültig.',
    enterCode: 'Code eingeben',
  },
  reset: {
    title: 'Neues Passwort wählen',
    intro: 'Geben Sie den Code aus der E-Mail und Ihr neues Passwort ein.',
    newPassword: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    submit: 'Passwort festlegen',
    failed: 'Das Passwort konnte nicht geändert werden',
    done: 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.',
  },
  password: {
    current: 'Aktuelles Passwort',
    currentDescription: 'Wird benötigt, um zu bestätigen, dass Sie es sind.',
  },
  sessions: {
    title: 'Aktive Sitzungen',
    intro:
      'Jeder Browser und jede Anwendung, mit der Sie angemeldet sind. Melden Sie die ab, die Sie nicht kennen.',
    none: 'Es gibt keine aktiven Sitzungen.',
    current: 'Dieser Browser',
    application: 'Anwendung',
    webApp: 'Federa HUB',
    lastActive: 'Zuletzt angemeldet oder erneuert',
    device: '{{browser}} unter {{system}}',
    unknownDevice: 'Unbekannter Browser oder unbekanntes Programm',
    address: 'IP-Adresse',
    expires: 'Läuft ab',
    signOut: 'Abmelden',
    signOutLabel: 'Die Sitzung von {{client}}, zuletzt aktiv {{time}}, abmelden',
    signOutConfirm: 'Diese Sitzung wird sofort abgemeldet. Wer sie nutzt, muss sich neu anmelden.',
    signedOut: 'Die Sitzung wurde abgemeldet.',
    signOutEverywhere: 'Überall abmelden',
    signOutEverywhereConfirm:
      'Alle Sitzungen werden abgemeldet, auch dieser Browser. Sie müssen sich überall neu anmelden.',
    failed: 'Die Sitzungen konnten nicht geladen werden',
  },
};
