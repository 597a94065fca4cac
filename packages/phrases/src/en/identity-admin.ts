/** Phrases of the identity administration screens and the sign-out notice (`identityAdmin.*`). */
export const identityAdmin = {
  signedOut: {
    forbidden: 'You were signed out because you may not open {{path}}.',
    loginPage: 'You were signed out because you opened the login page.',
  },
  assignment: {
    assigned: '{{name}} assigned.',
    removed: '{{name}} removed.',
    removeTitle: 'Remove assignment',
    removeConfirm: 'Remove {{name}}? Access granted through it ends at once.',
    removeButton: 'Remove',
  },
  passwordVisibility: 'Show or hide the password',
  nameTaken: 'The name "{{name}}" is taken already; please choose another.',
  characters: {
    name: 'Use only letters (a-z, A-Z, no accents), digits, hyphen, underscore and dot.',
    slug: 'Use only lowercase letters (a-z, no accents), digits, hyphen and underscore.',
  },
  list: {
    notReadable: 'You may add entries here (Add), but not see the list.',
  },
  /** The "check access" tab of a permission. */
  check: {
    intro: 'Would {{permission}} be granted now? Pick who asks; their roles and the policy decide.',
    kind: 'Who asks',
    user: 'User',
    robot: 'Robot',
    client: 'Client',
    subject: 'Name',
    run: 'Check access',
    granted: 'Granted: {{name}} may use {{permission}} now.',
    refused: 'Refused: {{name}} may not use {{permission}} now.',
    decidedBy: 'Decided by the policy "{{policy}}" ({{type}}).',
    notHeld: "No role or direct assignment gives it to them, or the permission's policy refused.",
  },
} as const;
