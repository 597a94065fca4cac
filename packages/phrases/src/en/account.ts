/** Self-service account screens: register, activate, forgot and reset password, own sessions. */
export const account = {
  backToLogin: 'Back to sign-in',
  nameOrEmail: 'Name or e-mail address',
  email: 'E-mail address',
  code: 'Code from the e-mail',
  loginLinks: {
    register: 'Create an account',
    forgot: 'Forgot your password?',
  },
  register: {
    title: 'Create an account',
    intro: 'Choose a name and a password. You will sign in with them.',
    submit: 'Create account',
    failed: 'The account could not be created',
    doneTitle: 'Account created',
    doneActivate:
      'We have sent an e-mail with an activation code to {{email}}. Open its link or enter the code to activate your account.',
    doneActive: 'Your account is ready. You can sign in now.',
    enterCode: 'Enter the activation code',
  },
  activate: {
    title: 'Activate your account',
    intro: 'Enter the code from the e-mail we sent you after you registered.',
    submit: 'Activate',
    failed: 'The account could not be activated',
    done: 'Your account {{name}} is active. You can sign in now.',
  },
  forgot: {
    title: 'Forgot your password?',
    intro:
      'Enter the name or the e-mail address of your account. We will send you a code to choose a new password.',
    submit: 'Send code',
    failed: 'The code could not be sent',
    done: 'If an account with these details exists, we have sent a code to its e-mail address. It is valid for a limited time.',
    enterCode: 'Enter the code',
  },
  reset: {
    title: 'Choose a new password',
    intro: 'Enter the code from the e-mail and your new password.',
    newPassword: 'New password',
    repeat: 'Repeat new password',
    submit: 'Set password',
    failed: 'The password could not be changed',
    done: 'Your password has been changed. Please sign in with the new password.',
  },
  password: {
    current: 'Current password',
    currentDescription: 'Needed to confirm that it is you.',
  },
  sessions: {
    title: 'Active sessions',
    intro: 'Every browser or application you are signed in with. Sign out the ones you do not recognise.',
    none: 'There are no active sessions.',
    current: 'This browser',
    application: 'Application',
    webApp: 'Federa HUB',
    lastActive: 'Last signed in or refreshed',
    expires: 'Expires',
    signOut: 'Sign out',
    signOutLabel: 'Sign out the session of {{client}} last active {{time}}',
    signOutConfirm: 'This session is signed out at once. Whoever uses it must sign in again.',
    signedOut: 'The session was signed out.',
    signOutEverywhere: 'Sign out everywhere',
    signOutEverywhereConfirm:
      'Every session is signed out, this browser included. You will have to sign in again everywhere.',
    failed: 'The sessions could not be loaded',
  },
} as const;
