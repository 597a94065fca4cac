import type { Phrases } from '../en.ts';

/** Die Browser-Seite der Anmeldung bei anderen Anwendungen: die Autorisierungs-(Zustimmungs-)Seite. */
export const signin: Phrases['signin'] = {
  authorize: {
    title: 'Zugriff erlauben',
    checking: 'Die Anmeldeanfrage wird geprüft…',
    invalidTitle: 'Diese Anmeldeanfrage kann nicht abgeschlossen werden',
    invalidHint:
      'Die Anwendung, die Sie hierher geschickt hat, hat eine Anfrage gesendet, die dieser Server nicht annimmt. Sie wurden nicht zu ihr zurückgeschickt.',
    intro: '{{client}} möchte Sie anmelden und auf Ihr Konto zugreifen.',
    scopesLabel: 'Angefragt wird',
    signedInAs: 'Angemeldet als {{name}}',
    approve: 'Erlauben',
    deny: 'Ablehnen',
    redirecting: 'Zurück zu {{client}}…',
    failed: 'Ihre Antwort konnte nicht gesendet werden',
  },
  login: {
    continueTo: 'Melden Sie sich an, um mit {{client}} fortzufahren.',
    or: 'oder',
    with: 'Anmelden mit {{provider}}',
  },
  providers: {
    connection: 'Verbindung',
    callbackUrl: 'Callback-URL',
    callbackUrlDescription: 'Tragen Sie diese URL beim Anbieter als Weiterleitungs-URI des Clients ein.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    test: 'Verbindung testen',
    testDescription:
      'Meldet sich mit dem Dienstkonto an und sucht die Benutzer, die die Anmeldung finden würde.',
    testPassed: 'Die Verbindung funktioniert',
    found_one: '{{count}} Benutzer unter {{baseDn}} mit {{filter}} gefunden.',
    found_other: '{{count}} Benutzer unter {{baseDn}} mit {{filter}} gefunden.',
    foundMore: 'Mehr als {{count}} Benutzer unter {{baseDn}} mit {{filter}} gefunden.',
    bindFailed: 'Die Anmeldung am Verzeichnis ist fehlgeschlagen',
    searchFailed: 'Die Suche im Verzeichnis ist fehlgeschlagen',
  },
  clientFields: {
    firstParty: 'Eigene Anwendung',
    firstPartyDescription:
      'Teil dieser Installation: Benutzer werden bei der Anmeldung nicht um Zustimmung gebeten.',
  },
  scopeDescriptions: {
    global: 'Voller Zugriff auf Ihr Konto, mit all Ihren Berechtigungen',
    openid: 'Ihre Anmeldung mit Ihrer Identität',
    profile: 'Ihr Name und Anzeigename',
    email: 'Ihre E-Mail-Adresse',
    roles: 'Ihre Rollen',
    identity: 'Ihre Benutzer-ID und Ihr Realm',
  },
};
