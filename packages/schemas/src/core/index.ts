export * from './constants.ts';
export * from './analysis-commands.ts';
export * from './validation.ts';
export * from './analysis-requirements.ts';
export * from './analysis-validation.ts';
export * from './analysis-run-status.ts';
export * from './approval-commands.ts';
export * from './responses.ts';
