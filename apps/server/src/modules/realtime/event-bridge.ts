import { entityEventName } from '@federa/schemas';
import type { DomainEventBus, EntityEvent } from '#platform/events/domain-events.ts';
import type { EventRelay, RelayedEvent } from './event-relay.ts';
import { stripSecrets } from '#platform/events/strip-secrets.ts';
import { directionalRoutesOf } from './directional-rooms.ts';
import { isNodeScoped, nodeRecordsRoom } from './node-robot-rooms.ts';
import { namespacesFor, NAMESPACE_PATTERN, realmNamespace } from './namespaces.ts';
import { roomName } from './rooms.ts';
import type { EntityEventPayload, RealtimeServer } from './types.ts';

/** `userCreated`, `analysisNodeUpdated`, ... */
export function eventName(event: Pick<EntityEvent, 'type' | 'event'>): string {
  return entityEventName(event.type, event.event);
}

/**
 * Records that have no room of their own: a client follows them in the room of the record they
 * belong to. The log lines of an analysis go to `analysisLog/{analysis id}`, so the analysis' log
 * view hears its new lines and none of other analyses.
 */
const RECORD_ROOM_IDS: Readonly<Record<string, (data: Record<string, unknown>) => unknown>> = {
  analysisLog: (data) => (data.labels as Record<string, unknown> | null | undefined)?.analysis_id,
};

function recordRoomIdOf(type: string, data: Record<string, unknown>, refId: string | undefined) {
  const roomId = RECORD_ROOM_IDS[type];
  if (!roomId) return refId;
  const id = roomId(data);
  return typeof id === 'string' ? id : undefined;
}

/**
 * Emits one entity event to its subscribers: in the master namespace and the namespace of each realm
 * of the record, to room `{type}` and room `{type}/{id}`. A socket in both rooms receives it once,
 * through `{type}`: the record room is addressed `except` the type room. Two emissions rather than
 * one to both rooms, so that `meta.roomName` names the room the socket really subscribed to (clients
 * drop events of rooms they did not ask for). Project and analysis nodes also go to their In/Out
 * rooms. Each replica emits to its own sockets; the event relay brings it the events of the others.
 */
export function emitEntityEvent(io: RealtimeServer, event: RelayedEvent): void {
  const data = stripSecrets(event.data);
  const refId = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id) : undefined;
  const name = eventName(event);
  const payload = (namespace: string, room: string): EntityEventPayload => ({
    data,
    meta: { refType: event.type, refId, event: event.event, namespace, roomName: room },
  });
  const emitTo = (namespace: string, type: string) => {
    const nsp = io.of(namespace);
    const typeRoom = roomName(type);
    nsp.to(typeRoom).emit(name, payload(namespace, typeRoom));
    const recordRoomId = recordRoomIdOf(type, data, refId);
    const recordRoom = recordRoomId === undefined ? undefined : roomName(type, recordRoomId);
    if (recordRoom) nsp.to(recordRoom).except(typeRoom).emit(name, payload(namespace, recordRoom));
    // Node robots follow their own node's records only (node-robot-rooms.ts).
    if (isNodeScoped(type) && typeof data.node_id === 'string') {
      const nodeRoom = nodeRecordsRoom(type, data.node_id);
      nsp
        .to(nodeRoom)
        .except([typeRoom, ...(recordRoom ? [recordRoom] : [])])
        .emit(name, payload(namespace, nodeRoom));
    }
  };
  for (const namespace of namespacesFor(event.realmIds)) emitTo(namespace, event.type);
  // The In/Out views: the same event, in the namespace of the realm the direction is seen from.
  for (const route of directionalRoutesOf(event.type)) {
    const realmId = data[route.realmField];
    if (typeof realmId !== 'string') continue;
    const namespace = realmNamespace(realmId);
    if (NAMESPACE_PATTERN.test(namespace)) emitTo(namespace, route.type);
  }
}

/**
 * Forwards every entity event of the bus, after its commit, to this replica's sockets and, through
 * the relay (on PostgreSQL), to the other replicas; returns the unsubscribe.
 */
export function bridgeDomainEvents(
  io: RealtimeServer | undefined,
  events: DomainEventBus,
  relay?: EventRelay,
): () => void {
  return events.subscribe((event) => {
    if (io) emitEntityEvent(io, event);
    relay?.publish(event);
  });
}
