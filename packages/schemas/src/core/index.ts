export * from './constants.ts';
export * from './analysis-commands.ts';
export * from './validation.ts';
