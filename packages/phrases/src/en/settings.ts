/** Phrases of the signed-in user's settings (/settings). */
export const settings = {
  profile: 'Profile',
  profileDescription: 'How you appear to others.',
  nameLocked: 'Your name is locked and can not be changed.',
  password: 'Password',
  passwordRepeat: 'Repeat password',
  passwordRepeatName: 'password',
  changePassword: 'Change password',
  passwordChanged: 'The password was changed.',
  notifications: 'Notifications',
  notificationsDescription:
    'Messages about your projects and analyses are shown in the app while you are signed in.',
  notificationsNone: 'There are no notification settings yet.',
} as const;
