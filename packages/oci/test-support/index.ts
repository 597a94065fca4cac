export * from './base-image.ts';
export * from './registry.ts';
export * from './layer-files.ts';
export * from './auth-proxy.ts';
