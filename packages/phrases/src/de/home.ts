import type { Phrases } from '../en.ts';

export const home: Phrases['home'] = {
  welcome: 'Willkommen, {{name}}',
  intro: 'Was Sie als Nächstes tun können.',
  myProjects: 'Meine Projekte',
  analyses: 'Analysen',
  byBuild: 'Nach Build-Status',
  byRun: 'Nach Ausführungsstatus',
  noAnalyses: 'Noch keine Analysen.',
  projectsIn: 'Wartende Projektanfragen',
  analysesIn: 'Analysen, die auf Freigabe warten',
  latest: 'Neueste Analysen',
  viewAll: 'Alle anzeigen',
  createProject: 'Projekt anlegen',
  createAnalysis: 'Analyse anlegen',
  review: 'Prüfen',
  nothing: 'Hier gibt es nichts zu tun: Sie haben noch keine Berechtigung für Projekte oder Analysen.',
};
