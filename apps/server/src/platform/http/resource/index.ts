export * from './register-resource.ts';
export * from './types.ts';
