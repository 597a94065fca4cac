/** Phrases of the node administration (/admin/nodes). */
export const nodes = {
  fields: {
    type: 'Type',
    externalName: 'External name',
    externalNameDescription:
      'Name of the node in the registry: 3 to 64 letters, digits, hyphens or underscores.',
    hidden: 'Hidden',
    hiddenDescription: 'Hidden nodes are not offered when nodes are added to a project.',
    registry: 'Registry',
    registryDescription: 'The registry the node pulls analysis images from.',
    noRegistry: 'No registry',
    approvalsWaiting: 'Approvals waiting',
    online: 'Online',
    publicKey: 'Public key',
    robot: 'Robot',
  },
  types: {
    default: 'Default',
    aggregator: 'Aggregator',
  },
  list: {
    label: 'Nodes',
    yes: 'yes',
    no: 'no',
  },
  created: {
    title: 'Node created',
    robotSecret: 'The robot of the node signs in with this secret. Copy it now: it is shown only once.',
  },
  robot: {
    missing: 'The robot details can not be displayed.',
    name: 'Robot name',
    id: 'Robot id',
    permissions: 'Permissions of the robot',
    noPermissions: 'The robot holds no permissions.',
    resetSecret: 'Reset secret',
    resetTitle: 'Reset the robot secret?',
    resetConfirm:
      'The node can no longer sign in with its current secret until it is configured with the new one.',
    resetDone: 'The secret was reset.',
    newSecret: 'New secret of the robot',
    newSecretHint: 'Copy the secret now and configure the node with it: it is shown only once.',
    manage: 'Open the robot',
  },
  crypto: {
    intro:
      'Nodes exchange secrets with an ECDH key pair on the curve P-256. The hub stores only the public key.',
    current: 'Stored public key',
    none: 'No public key is stored yet.',
    generate: 'Generate key pair',
    generating: 'Generating…',
    generated: 'The key pair was generated and the public key stored.',
    privateKey: 'Private key',
    privateKeyWarning:
      'Copy the private key to a safe place now: it is not stored remotely and can not be shown again.',
    download: 'Download private key',
    paste: 'Use an existing public key',
    pasteLabel: 'Public key (PEM)',
    pasteSubmit: 'Store public key',
    pasteInvalid: 'This is not a PEM encoded EC P-256 public key.',
    stored: 'The public key was stored.',
    unsupported: 'This browser can not generate key pairs (WebCrypto is only available over https).',
    failed: 'The key pair could not be generated.',
  },
  registry: {
    noRegistry: 'The node has not been assigned to a registry yet.',
    noProject: 'No related registry-resource exists at the moment.',
    project: 'Registry project',
    open: 'Open the registry project',
  },
} as const;
