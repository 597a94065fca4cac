/** Phrases of the public user profile (/users/{id}). */
export const userProfile = {
  title: 'Profile of {{name}}',
  memberSince: 'Member since',
  realm: 'Realm',
  status: 'Status',
} as const;
