import {
  ENTITY_EVENT_NAMES,
  entityEventName,
  realmNamespace,
  subscriptionEventName,
  type SubscriptionAcknowledgement,
} from '@federa/schemas/realtime';
import { connectSocketIo } from './socket-io-client.ts';

/** The records a node follows: the requests addressed to its realm. */
const TYPES = ['analysisNode', 'projectNode'] as const;
/** Their In rooms (`analysisNodeIn`): the records addressed to the node's realm. */
const ROOMS = TYPES.map((type) => `${type}In`);
/** The events of the records in those rooms: `analysisNodeCreated`, … */
const EVENTS = new Set(
  TYPES.flatMap((type) => ENTITY_EVENT_NAMES.map((event) => entityEventName(type, event))),
);

export interface RealtimeOptions {
  hubUrl: string;
  realmId: string;
  accessToken(): Promise<string>;
  /** Forgets the token the hub refused (revoked, or signed with a key it no longer has). */
  forgetToken?(): void;
  /** Called for every event of the rooms, and after each (re)connection, when anything may have changed. */
  onChange(reason: string): void;
  say(message: string): void;
}

/**
 * Follows the node's analysis nodes and project nodes over the hub's realtime API: namespace of the
 * node's realm, rooms `analysisNodeIn` and `projectNodeIn`. The connection comes back after it was
 * lost (a restarted hub) or ended by the hub (an expired token), with a fresh token each time. Every
 * (re)connection counts as a change, since events may have been missed meanwhile.
 */
export function followRealtime(options: RealtimeOptions): { close(): void; connected(): boolean } {
  let lastRefusal: string | undefined;
  const socket = connectSocketIo({
    url: options.hubUrl,
    namespace: realmNamespace(options.realmId),
    auth: async () => ({ token: await options.accessToken() }),
    onConnect: () => {
      lastRefusal = undefined;
      void Promise.all(
        ROOMS.map((room) =>
          socket.emitWithAck(subscriptionEventName(room, 'subscribe')).then((answer) => {
            const acknowledgement = answer as SubscriptionAcknowledgement;
            if (!acknowledgement.ok)
              options.say(`realtime: the hub refused the room ${room}: ${acknowledgement.message}`);
          }),
        ),
      )
        .catch(() => {})
        .finally(() => options.onChange('realtime connected'));
    },
    onDisconnect: (reason) => options.say(`realtime: disconnected (${reason}); polling until it is back`),
    onConnectError: (message, statusCode) => {
      // Offering the same token again would be refused again: the next attempt signs in afresh.
      if (statusCode === 401) options.forgetToken?.();
      // Retried every few seconds: said once until it changes or a connection succeeds.
      if (message !== lastRefusal) options.say(`realtime: not connected (${message}); polling meanwhile`);
      lastRefusal = message;
    },
    onEvent: (name) => {
      if (EVENTS.has(name)) options.onChange(name);
    },
  });
  return { close: () => socket.close(), connected: () => socket.connected() };
}
