import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { EntityEventName } from '#platform/events/domain-events.ts';
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
export type Acknowledgement = { ok: true } | { ok: false; code: string; message: string };

/** The payload of `{type}Created|Updated|Deleted` (docs/design.md §6). */
export interface EntityEventPayload {
  data: Record<string, unknown>;
  meta: {
    refType: string;
    refId: string | undefined;
    event: EntityEventName;
    /** The namespace the event was emitted in. */
    namespace: string;
    /** The room through which this socket received it: `{type}` or `{type}/{id}`. */
    roomName: string;
  };
}
