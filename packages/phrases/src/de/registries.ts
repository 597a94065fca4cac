import type { Phrases } from '../en.ts';

/** Phrases of the registry administration (/admin/services/registry). */
export const registries: Phrases['registries'] = {
  fields: {
    host: 'Host',
    hostDescription: 'Adresse der Registry, z. B. harbor.example.org.',
    accountName: 'Kontoname',
    accountSecret: 'Kontogeheimnis',
    accountSecretDescription: 'Nur schreibbar: leer lassen, um das gespeicherte Geheimnis zu behalten.',
    type: 'Typ',
    externalName: 'Externer Name',
    externalNameDescription:
      'Name des Projekts in der Registry: 3 bis 64 Buchstaben, Ziffern, Bindestriche oder Unterstriche.',
    externalId: 'Externe ID',
    account: 'Konto',
    accountId: 'Konto-ID',
    webhookExists: 'Webhook vorhanden',
    webhookName: 'Webhook',
    public: 'Öffentlich',
    registry: 'Registry',
    kind: 'Art',
    kindDescription:
      'Harbor wird über seine API eingerichtet (Projekte, Robot-Konten, Webhook); OCI ist jede Registry mit der Distribution-API, deren Projekte Präfixe der Repositories sind.',
  },
  kinds: {
    harbor: 'Harbor',
    oci: 'OCI-Registry',
  },
  projectTypes: {
    default: 'Standard',
    aggregator: 'Aggregator',
    incoming: 'Eingehend',
    outgoing: 'Ausgehend',
    masterImages: 'Master-Images',
    node: 'Knoten',
  },
  list: {
    label: 'Registries',
    projectsLabel: 'Registry-Projekte',
  },
  services: {
    intro: 'Die Dienste, mit denen der Hub arbeitet.',
    registries: 'Registries',
    registriesDescription:
      'Container-Registries (Harbor), in die Analyse-Images geschoben und aus denen sie geladen werden.',
    masterImages: 'Master-Images',
    masterImagesDescription: 'Die Basis-Images, auf denen Analysen aufbauen, gelesen aus dem Katalog.',
    open: 'Öffnen',
  },
  robot: {
    intro:
      'Der Hub meldet sich mit dem Konto der Registry bei ihr an. Registry-Projekte erhalten beim Setup ein eigenes Roboterkonto der Registry.',
    accounts: 'Konten der Registries',
    noAccount: 'Kein Konto',
  },
  command: {
    setupTitle: 'Setup',
    setupIntro:
      'Legt die Projekte an, die der Hub in der Registry braucht (eingehend, ausgehend, Master-Images), und verknüpft jedes Registry-Projekt: Projekt, Roboterkonto und Webhook.',
    setupRun: 'Setup ausführen',
    cleanupTitle: 'Aufräumen',
    cleanupIntro: 'Entfernt Projekte aus der Registry, auf die kein Registry-Projekt des Hubs verweist.',
    cleanupRun: 'Aufräumen ausführen',
    running: 'Wird ausgeführt…',
    accepted: 'Der Befehl wurde angenommen und eingereiht; der Registry-Worker führt ihn aus.',
    failed: 'Der Befehl ist fehlgeschlagen.',
    lastRun: 'Zuletzt ausgeführt: {{time}}',
  },
  job: {
    queued: 'Wartet auf den Registry-Worker…',
    running: 'Läuft, Versuch {{attempt}} von {{max}}…',
    retrying:
      'Versuch {{attempt}} von {{max}} ist fehlgeschlagen; der Worker versucht es gleich noch einmal.',
    finished: 'Abgeschlossen',
    cancelled: 'Abgebrochen',
    failed: 'Fehlgeschlagen nach Versuch {{attempt}} von {{max}}',
    retry: 'Erneut ausführen',
  },
  project: {
    missing: 'Die Details des Registry-Projekts können nicht angezeigt werden.',
    secret: 'Geheimnis',
    secretDescription:
      'Nur schreibbar: 8 oder mehr Zeichen mit einem Groß- und einem Kleinbuchstaben und einer Ziffer. Leer lassen, um das gespeicherte Geheimnis zu behalten.',
    secretStored: 'Ein Geheimnis ist gespeichert.',
    secretNone: 'Es ist kein Geheimnis gespeichert.',
    reveal: 'Geheimnis anzeigen',
    hide: 'Geheimnis verbergen',
    revealFailed: 'Das Geheimnis konnte nicht gelesen werden.',
  },
};
