/** Phrases of the registry administration (/admin/services/registry). */
export const registries = {
  fields: {
    host: 'Host',
    hostDescription: 'Address of the registry, e.g. harbor.example.org.',
    accountName: 'Account name',
    accountSecret: 'Account secret',
    accountSecretDescription: 'Write-only: leave empty to keep the stored secret.',
    type: 'Type',
    externalName: 'External name',
    externalNameDescription:
      'Name of the project in the registry: 3 to 64 letters, digits, hyphens or underscores.',
    externalId: 'External id',
    account: 'Account',
    accountId: 'Account id',
    webhookExists: 'Webhook exists',
    webhookName: 'Webhook',
    public: 'Public',
    registry: 'Registry',
    kind: 'Kind',
    kindDescription:
      'Harbor is set up through its API (projects, robot accounts, webhook); OCI is any registry speaking the distribution API, whose projects are repository prefixes.',
  },
  kinds: {
    harbor: 'Harbor',
    oci: 'OCI registry',
  },
  projectTypes: {
    default: 'Default',
    aggregator: 'Aggregator',
    incoming: 'Incoming',
    outgoing: 'Outgoing',
    masterImages: 'Master images',
    node: 'Node',
  },
  list: {
    label: 'Registries',
    projectsLabel: 'Registry projects',
  },
  services: {
    intro: 'The services the hub works with.',
    registries: 'Registries',
    registriesDescription: 'Container registries (Harbor) the analysis images are pushed to and pulled from.',
    masterImages: 'Master images',
    masterImagesDescription: 'The base images analyses are built on, read from the catalog.',
    open: 'Open',
  },
  robot: {
    intro:
      'The hub signs in to a registry with the account of the registry. Registry projects get their own robot account from the registry during setup.',
    accounts: 'Accounts of the registries',
    noAccount: 'No account',
  },
  command: {
    setupTitle: 'Setup',
    setupIntro:
      'Creates the projects the hub needs in the registry (incoming, outgoing, master images) and links every registry project: project, robot account and webhook.',
    setupRun: 'Run setup',
    cleanupTitle: 'Cleanup',
    cleanupIntro: 'Removes projects from the registry that no registry project of the hub refers to.',
    cleanupRun: 'Run cleanup',
    running: 'Running…',
    accepted: 'The command was accepted and queued; the registry worker carries it out.',
    failed: 'The command failed.',
    lastRun: 'Last run: {{time}}',
  },
  job: {
    queued: 'Waiting for the registry worker…',
    running: 'Running, attempt {{attempt}} of {{max}}…',
    retrying: 'Attempt {{attempt}} of {{max}} failed; the worker tries again shortly.',
    finished: 'Finished',
    cancelled: 'Cancelled',
    failed: 'Failed after attempt {{attempt}} of {{max}}',
    retry: 'Run again',
  },
  project: {
    missing: 'The registry-project details can not be displayed.',
    secret: 'Secret',
    secretDescription:
      'Write-only: 8 or more characters with an uppercase letter, a lowercase letter and a digit. Leave empty to keep the stored secret.',
    secretStored: 'A secret is stored.',
    secretNone: 'No secret is stored.',
    reveal: 'Reveal secret',
    hide: 'Hide secret',
    revealFailed: 'The secret could not be read.',
  },
} as const;
