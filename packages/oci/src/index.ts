export * from './auth.ts';
export * from './client.ts';
export * from './copy.ts';
export * from './layer.ts';
export * from './media-types.ts';
export * from './reference.ts';
export * from './timeouts.ts';
