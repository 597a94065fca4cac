import type { Phrases } from '../en.ts';

/** Phrases of the master image administration (/admin/services/master-images). */
export const masterImages: Phrases['masterImages'] = {
  intro:
    'Die Basis-Images, auf denen Analysen aufbauen. Synchronisieren liest den Katalog und fügt sie hinzu, aktualisiert und entfernt sie.',
  sync: 'Synchronisieren',
  syncing: 'Wird synchronisiert…',
  synced:
    'Synchronisiert: Gruppen {{groupsCreated}} hinzugefügt, {{groupsUpdated}} aktualisiert, {{groupsDeleted}} entfernt; Images {{imagesCreated}} hinzugefügt, {{imagesUpdated}} aktualisiert, {{imagesDeleted}} entfernt.',
  syncFailed: 'Die Synchronisierung ist fehlgeschlagen.',
  group: 'Gruppe {{name}}',
  groupLabel: 'Images der Gruppe {{name}}',
  ungrouped: 'Ohne Gruppe',
  empty: 'Noch keine Master-Images. Synchronisieren liest sie aus dem Katalog.',
  fields: {
    name: 'Name',
    path: 'Pfad',
    virtualPath: 'Virtueller Pfad',
    command: 'Befehl',
    inRegistry: 'In der Registry',
  },
  presence: {
    present: 'Vorhanden',
    missing: 'Fehlt',
    unknown: 'Unbekannt',
    checking: 'Die Registry wird geprüft…',
    hint: 'Builds beginnen mit <Registry>/master/<virtueller Pfad>:latest. Spiegeln Sie die Images dorthin oder laden Sie sie mit einem beliebigen OCI-Werkzeug hoch.',
  },
};
