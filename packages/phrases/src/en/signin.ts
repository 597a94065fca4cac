/** The browser side of signing in to other applications: the authorization (consent) page. */
export const signin = {
  authorize: {
    title: 'Allow access',
    checking: 'Checking the sign-in request…',
    invalidTitle: 'This sign-in request cannot be completed',
    invalidHint:
      'The application that sent you here sent a request this server does not accept. You were not sent back to it.',
    intro: '{{client}} wants to sign you in and access your account.',
    scopesLabel: 'It asks for',
    signedInAs: 'Signed in as {{name}}',
    approve: 'Approve',
    deny: 'Deny',
    redirecting: 'Returning to {{client}}…',
    failed: 'Your answer could not be sent',
  },
  login: {
    continueTo: 'Sign in to continue to {{client}}.',
    or: 'or',
    with: 'Sign in with {{provider}}',
  },
  providers: {
    connection: 'Connection',
    callbackUrl: 'Callback URL',
    callbackUrlDescription: 'Register this URL at the provider as the redirect URI of the client.',
    copy: 'Copy',
    copied: 'Copied',
    test: 'Test connection',
    testDescription: 'Binds with the service account and searches the users the sign-in would find.',
    testPassed: 'The connection works',
    found_one: 'Found {{count}} user under {{baseDn}} with {{filter}}.',
    found_other: 'Found {{count}} users under {{baseDn}} with {{filter}}.',
    foundMore: 'Found more than {{count}} users under {{baseDn}} with {{filter}}.',
    bindFailed: 'Signing in to the directory failed',
    searchFailed: 'Searching the directory failed',
  },
  clientFields: {
    firstParty: 'First-party',
    firstPartyDescription:
      'Part of this installation: users are not asked for consent when it signs them in.',
  },
  scopeDescriptions: {
    global: 'Full access to your account, with all your permissions',
    openid: 'Signing you in with your identity',
    profile: 'Your name and display name',
    email: 'Your e-mail address',
    roles: 'The roles you hold',
    identity: 'Your user id and realm',
  },
} as const;
