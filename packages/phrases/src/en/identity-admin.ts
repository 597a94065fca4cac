/** Phrases of the identity administration screens and the sign-out notice (`identityAdmin.*`). */
export const identityAdmin = {
  signedOut: {
    forbidden: 'You were signed out because you may not open {{path}}.',
    loginPage: 'You were signed out because you opened the login page.',
  },
  list: {
    notReadable: 'You may add entries here (Add), but not see the list.',
  },
} as const;
