import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { EntityEventPayload, SubscriptionAcknowledgement } from '@federa/schemas';
import type { RequestIdentity } from '../auth/index.ts';

/** What a socket carries once its handshake was authenticated. */
export interface RealtimeSocketData {
  identity: RequestIdentity;
  /** When the access token expires (epoch milliseconds); the socket is disconnected then. */
  expiresAt: number;
}

/** Event names are built from resource types at run time, so the event maps stay untyped. */
export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, RealtimeSocketData>;
export type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, RealtimeSocketData>;

/** The answer to `{type}Subscribe` / `{type}Unsubscribe`; never an exception. */
export type Acknowledgement = SubscriptionAcknowledgement;

export type { EntityEventPayload };
