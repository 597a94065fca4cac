import type { Phrases } from '../en.ts';

/** German phrases of the signed-in user's settings (/settings). */
export const settings: Phrases['settings'] = {
  profile: 'Profil',
  profileDescription: 'Wie andere Sie sehen.',
  nameLocked: 'Ihr Name ist gesperrt und kann nicht geändert werden.',
  password: 'Passwort',
  passwordRepeat: 'Passwort wiederholen',
  passwordRepeatName: 'Passwort',
  changePassword: 'Passwort ändern',
  passwordChanged: 'Das Passwort wurde geändert.',
  notifications: 'Benachrichtigungen',
  notificationsDescription:
    'Meldungen zu Ihren Projekten und Analysen werden in der Anwendung angezeigt, solange Sie angemeldet sind.',
  notificationsNone: 'Es gibt noch keine Benachrichtigungseinstellungen.',
};
