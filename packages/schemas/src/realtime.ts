/*
 * The realtime contract between the server's socket.io gateway and its clients (the web app, the
 * node agent): namespaces, rooms, event names and payloads (docs/architecture.md §4). Event names are
 * built from resource types at run time, so the contract is these builders rather than a fixed map.
 */

/** What a change did to a record. */
export const ENTITY_EVENT_NAMES = ['created', 'updated', 'deleted'] as const;
export type EntityEventName = (typeof ENTITY_EVENT_NAMES)[number];

/** The namespace of the master realm: it sees the records of every realm. */
export const MASTER_NAMESPACE = '/resources';

/** `/resources` and `/resources/{realmId}`. */
export const NAMESPACE_PATTERN = /^\/resources(\/[0-9a-f-]{36})?$/;

/** The namespace of one realm's records. */
export function realmNamespace(realmId: string): string {
  return `${MASTER_NAMESPACE}/${realmId}`;
}

/** The room of every record of a type (`user`), or of one record (`user/{id}`), as the original names them. */
export function roomName(type: string, id?: string): string {
  return id === undefined ? type : `${type}/${id}`;
}

/** `userSubscribe`, `analysisNodeUnsubscribe`, ...: the resource type and what to do. */
export const SUBSCRIPTION_EVENT_PATTERN = /^([a-z][A-Za-z0-9]*)(Subscribe|Unsubscribe)$/;

/** The event a client sends to follow (or stop following) a type or one record of it. */
export function subscriptionEventName(type: string, action: 'subscribe' | 'unsubscribe'): string {
  return `${type}${action === 'subscribe' ? 'Subscribe' : 'Unsubscribe'}`;
}

/** `userCreated`, `analysisNodeUpdated`, ...: the event the server sends about a change. */
export function entityEventName(type: string, event: EntityEventName): string {
  return `${type}${event.charAt(0).toUpperCase()}${event.slice(1)}`;
}

/** The answer to `{type}Subscribe` / `{type}Unsubscribe`; never an exception. */
export type SubscriptionAcknowledgement = { ok: true } | { ok: false; code: string; message: string };

/** The payload of `{type}Created|Updated|Deleted`. */
export interface EntityEventPayload<T = Record<string, unknown>> {
  readonly data: T;
  readonly meta: {
    readonly refType: string;
    readonly refId: string | undefined;
    readonly event: EntityEventName;
    /** The namespace the event was emitted in. */
    readonly namespace: string;
    /** The room through which this socket received it: `{type}` or `{type}/{id}`. */
    readonly roomName: string;
  };
}
