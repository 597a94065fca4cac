/** Phrases of the master image administration (/admin/services/master-images). */
export const masterImages = {
  intro: 'The base images analyses are built on. Sync reads the catalog and adds, updates and removes them.',
  sync: 'Sync',
  syncing: 'Synchronizing…',
  synced:
    'Synchronized: groups {{groupsCreated}} added, {{groupsUpdated}} updated, {{groupsDeleted}} removed; images {{imagesCreated}} added, {{imagesUpdated}} updated, {{imagesDeleted}} removed.',
  syncFailed: 'The synchronization failed.',
  group: 'Group {{name}}',
  groupLabel: 'Images of the group {{name}}',
  ungrouped: 'Without group',
  empty: 'No master images yet. Sync reads them from the catalog.',
  fields: {
    name: 'Name',
    path: 'Path',
    virtualPath: 'Virtual path',
    command: 'Command',
    inRegistry: 'In the registry',
  },
  presence: {
    present: 'Present',
    missing: 'Missing',
    unknown: 'Unknown',
    checking: 'Checking the registry…',
    hint: 'Builds start from <registry>/master/<virtual path>:latest. Mirror the images there, or push them with any OCI tool.',
  },
} as const;
