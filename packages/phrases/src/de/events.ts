import type { Phrases } from '../en.ts';

/** Phrases of the audit trail (/admin/events). */
export const events: Phrases['events'] = {
  intro: 'Was mit den Datensätzen des Hubs geschah, das Neueste zuerst. Die Liste aktualisiert sich live.',
  list: {
    label: 'Ereignisse',
  },
  filters: {
    refType: 'Entitätstyp',
    actor: 'Akteur',
    actorPlaceholder: 'Name beginnt mit…',
    name: 'Ereignis',
    from: 'Von',
    to: 'Bis',
    any: 'Alle',
    reset: 'Filter zurücksetzen',
  },
  names: {
    created: 'angelegt',
    updated: 'geändert',
    deleted: 'gelöscht',
  },
  fields: {
    time: 'Zeit',
    event: 'Ereignis',
    scope: 'Umfang',
    refType: 'Entitätstyp',
    refId: 'Datensatz',
    actor: 'Akteur',
    actorType: 'Art des Akteurs',
    actorId: 'ID des Akteurs',
    realm: 'Realm',
    expiresAt: 'Läuft ab',
    method: 'Methode',
    path: 'Pfad',
    ipAddress: 'IP-Adresse',
    userAgent: 'User-Agent',
  },
  detail: {
    actor: 'Akteur',
    request: 'Anfrage',
    changes: 'Änderungen',
    field: 'Feld',
    previous: 'Vorher',
    next: 'Nachher',
    noChanges: 'Dieses Ereignis verzeichnet keine Feldänderungen.',
    data: 'Daten',
    unknownActor: 'unbekannt',
    system: 'System',
    noRequest: 'Das Ereignis wurde nicht durch eine Anfrage ausgelöst.',
  },
};
