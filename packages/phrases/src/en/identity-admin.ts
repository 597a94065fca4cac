/** Phrases of the identity administration screens and the sign-out notice (`identityAdmin.*`). */
export const identityAdmin = {
  signedOut: {
    forbidden: 'You were signed out because you may not open {{path}}.',
    loginPage: 'You were signed out because you opened the login page.',
  },
} as const;
