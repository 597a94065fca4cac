import type { Phrases } from '../en.ts';

/** Phrases of the administration landing page (/admin). */
export const adminHome: Phrases['adminHome'] = {
  intro:
    'Richten Sie die Föderation ein: Identitäten, Knoten, Registries und Master-Images, und prüfen Sie, was geschah.',
  manage: 'Was Sie verwalten können',
  count: 'Einträge: {{count}}',
  countUnknown: 'Anzahl nicht verfügbar',
  open: '{{name}} öffnen',
  nothing: 'Ihr Konto darf hier nichts verwalten.',
  tiles: {
    realms: 'Realms',
    users: 'Benutzer',
    robots: 'Roboter',
    nodes: 'Knoten',
    registries: 'Registries',
    masterImages: 'Master-Images',
    events: 'Ereignisse',
  },
  health: {
    title: 'Server',
    database: 'Datenbank',
    databaseOk: 'erreichbar',
    databaseDown: 'nicht erreichbar',
    worker: 'Worker-Rolle',
    workerOn: 'läuft in diesem Prozess',
    workerOff: 'läuft nicht in diesem Prozess',
    version: 'Version',
    failed: 'Der Serverstatus konnte nicht geladen werden.',
  },
};
