import type { Phrases } from '../en.ts';

/** German phrases of the public user profile (/users/{id}). */
export const userProfile: Phrases['userProfile'] = {
  title: 'Profil von {{name}}',
  memberSince: 'Mitglied seit',
  realm: 'Realm',
  status: 'Status',
};
