import {
  ENTITY_EVENT_NAMES,
  entityEventName,
  realmNamespace,
  subscriptionEventName,
  type SubscriptionAcknowledgement,
} from '@federa/schemas/realtime';
import { io, type Socket } from 'socket.io-client';

/** The records a node follows: the requests addressed to its realm. */
const TYPES = ['analysisNode', 'projectNode'] as const;
/** Their In rooms (`analysisNodeIn`): the records addressed to the node's realm. */
const ROOMS = TYPES.map((type) => `${type}In`);
/** The events of the records in those rooms: `analysisNodeCreated`, … */
const EVENTS = TYPES.flatMap((type) => ENTITY_EVENT_NAMES.map((event) => entityEventName(type, event)));

export interface RealtimeOptions {
  hubUrl: string;
  realmId: string;
  accessToken(): Promise<string>;
  /** Called for every event of the rooms, and after each (re)connection, when anything may have changed. */
  onChange(reason: string): void;
  say(message: string): void;
}

/**
 * Follows the node's analysis nodes and project nodes over the hub's realtime API: namespace of the
 * node's realm, rooms `analysisNodeIn` and `projectNodeIn`. socket.io reconnects after a lost
 * connection (a restarted hub) with a fresh token each time; when the hub ends the connection
 * itself (the token expired), it is opened again. Every (re)connection counts as a change, since
 * events may have been missed meanwhile.
 */
export function followRealtime(options: RealtimeOptions): { close(): void; connected(): boolean } {
  const socket: Socket = io(`${options.hubUrl}${realmNamespace(options.realmId)}`, {
    transports: ['websocket'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    auth: (callback) => {
      options.accessToken().then(
        (token) => callback({ token }),
        () => callback({}),
      );
    },
  });
  let closed = false;

  socket.on('connect', () => {
    void Promise.all(
      ROOMS.map((room) =>
        socket
          .emitWithAck(subscriptionEventName(room, 'subscribe'))
          .then((answer: SubscriptionAcknowledgement) => {
            if (!answer.ok) options.say(`realtime: the hub refused the room ${room}: ${answer.message}`);
          }),
      ),
    ).finally(() => options.onChange('realtime connected'));
  });
  socket.on('disconnect', (reason) => {
    if (closed) return;
    options.say(`realtime: disconnected (${reason}); polling until it is back`);
    // The hub ended the connection (an expired token): socket.io leaves reconnecting to the client.
    if (reason === 'io server disconnect') setTimeout(() => !closed && socket.connect(), 500);
  });
  for (const event of EVENTS) socket.on(event, () => options.onChange(event));

  return {
    close: () => {
      closed = true;
      socket.disconnect();
    },
    connected: () => socket.connected,
  };
}
