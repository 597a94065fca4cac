export { registerRealtime, type RealtimeOptions } from './gateway.ts';
export { registerRealtimeEmitter, type RealtimeEmitterOptions } from './emitter.ts';
export type { Acknowledgement, EntityEventPayload } from './types.ts';
export { MASTER_NAMESPACE, realmNamespace } from './namespaces.ts';
