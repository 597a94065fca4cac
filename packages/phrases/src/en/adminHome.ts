/** Phrases of the administration landing page (/admin). */
export const adminHome = {
  intro: 'Set up the federation: identities, nodes, registries and master images, and audit what happened.',
  manage: 'What you can manage',
  count: 'Entries: {{count}}',
  countUnknown: 'Count unavailable',
  open: 'Open {{name}}',
  nothing: 'Your account may not manage anything here.',
  tiles: {
    realms: 'Realms',
    users: 'Users',
    robots: 'Robots',
    nodes: 'Nodes',
    registries: 'Registries',
    masterImages: 'Master images',
    events: 'Events',
  },
  health: {
    title: 'Server',
    database: 'Database',
    databaseOk: 'reachable',
    databaseDown: 'not reachable',
    worker: 'Worker role',
    workerOn: 'running in this process',
    workerOff: 'not running in this process',
    version: 'Version',
    failed: 'The server status could not be loaded.',
  },
} as const;
