export * from './identity.ts';
export * from './links.ts';
export * from './tokens.ts';
export * from './identity-provider-states.ts';
export * from './access-version.ts';
export * from './consents.ts';
