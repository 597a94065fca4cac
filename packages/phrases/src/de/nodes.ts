import type { Phrases } from '../en.ts';

/** Phrases of the node administration (/admin/nodes). */
export const nodes: Phrases['nodes'] = {
  fields: {
    type: 'Typ',
    externalName: 'Externer Name',
    externalNameDescription:
      'Name des Knotens in der Registry: 3 bis 64 Buchstaben, Ziffern, Bindestriche oder Unterstriche.',
    hidden: 'Versteckt',
    hiddenDescription:
      'Versteckte Knoten werden beim Hinzufügen von Knoten zu einem Projekt nicht angeboten.',
    registry: 'Registry',
    registryDescription: 'Die Registry, aus der der Knoten Analyse-Images bezieht.',
    noRegistry: 'Keine Registry',
    approvalsWaiting: 'Offene Freigaben',
    online: 'Online',
    publicKey: 'Öffentlicher Schlüssel',
    robot: 'Roboter',
  },
  types: {
    default: 'Standard',
    aggregator: 'Aggregator',
  },
  list: {
    label: 'Knoten',
    yes: 'ja',
    no: 'nein',
  },
  created: {
    title: 'Knoten angelegt',
    robotSecret:
      'Mit diesem Geheimnis meldet sich der Roboter des Knotens an. Kopieren Sie es jetzt: Es wird nur einmal angezeigt.',
  },
  robot: {
    missing: 'Die Roboter-Details können nicht angezeigt werden.',
    name: 'Name des Roboters',
    id: 'ID des Roboters',
    permissions: 'Berechtigungen des Roboters',
    noPermissions: 'Der Roboter hat keine Berechtigungen.',
    resetSecret: 'Geheimnis zurücksetzen',
    resetTitle: 'Geheimnis des Roboters zurücksetzen?',
    resetConfirm:
      'Der Knoten kann sich mit dem bisherigen Geheimnis nicht mehr anmelden, bis er mit dem neuen eingerichtet ist.',
    resetDone: 'Das Geheimnis wurde zurückgesetzt.',
    newSecret: 'Neues Geheimnis des Roboters',
    newSecretHint:
      'Kopieren Sie das Geheimnis jetzt und richten Sie den Knoten damit ein: Es wird nur einmal angezeigt.',
    manage: 'Roboter öffnen',
  },
  crypto: {
    intro:
      'Knoten tauschen Geheimnisse mit einem ECDH-Schlüsselpaar auf der Kurve P-256 aus. Der Hub speichert nur den öffentlichen Schlüssel.',
    current: 'Gespeicherter öffentlicher Schlüssel',
    none: 'Es ist noch kein öffentlicher Schlüssel gespeichert.',
    generate: 'Schlüsselpaar erzeugen',
    generating: 'Wird erzeugt…',
    generated: 'Das Schlüsselpaar wurde erzeugt und der öffentliche Schlüssel gespeichert.',
    privateKey: 'Privater Schlüssel',
    privateKeyWarning:
      'Kopieren Sie den privaten Schlüssel jetzt an einen sicheren Ort: Er wird nicht auf dem Server gespeichert und kann nicht erneut angezeigt werden.',
    download: 'Privaten Schlüssel herunterladen',
    paste: 'Vorhandenen öffentlichen Schlüssel verwenden',
    pasteLabel: 'Öffentlicher Schlüssel (PEM)',
    pasteSubmit: 'Öffentlichen Schlüssel speichern',
    pasteInvalid: 'Das ist kein PEM-kodierter öffentlicher EC-P-256-Schlüssel.',
    stored: 'Der öffentliche Schlüssel wurde gespeichert.',
    unsupported: 'Dieser Browser kann keine Schlüsselpaare erzeugen (WebCrypto gibt es nur über https).',
    failed: 'Das Schlüsselpaar konnte nicht erzeugt werden.',
  },
  registry: {
    noRegistry: 'Der Knoten wurde noch keiner Registry zugeordnet.',
    noProject: 'Derzeit existiert keine zugehörige Registry-Ressource.',
    project: 'Registry-Projekt',
    open: 'Registry-Projekt öffnen',
  },
};
