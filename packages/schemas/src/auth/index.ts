export * from './oauth2.ts';
export * from './account.ts';
export * from './policy-checks.ts';
export * from './identity-provider-tools.ts';
export * from './fields.ts';
export * from './requests.ts';
export * from './records.ts';
