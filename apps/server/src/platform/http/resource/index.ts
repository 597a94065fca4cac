export * from './register-resource.ts';
export * from './types.ts';
export { recordListSchemaOf, recordSchemaOf } from './response-schemas.ts';
