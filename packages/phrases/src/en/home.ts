/** Phrases of the home page (Info). */
export const home = {
  welcome: 'Welcome, {{name}}',
  intro: 'What you can do next.',
  myProjects: 'My projects',
  analyses: 'Analyses',
  byBuild: 'By build status',
  byRun: 'By run status',
  noAnalyses: 'No analyses yet.',
  projectsIn: 'Project requests waiting',
  analysesIn: 'Analyses waiting for approval',
  latest: 'Latest analyses',
  viewAll: 'View all',
  createProject: 'Create a project',
  createAnalysis: 'Create an analysis',
  review: 'Review',
  nothing: 'Nothing to do here: you have no permission for projects or analyses yet.',
} as const;
