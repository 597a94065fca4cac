import {
  MASTER_NAMESPACE,
  realmNamespace,
  roomName,
  subscriptionEventName,
  type EntityEventName,
  type EntityEventPayload,
  type SubscriptionAcknowledgement,
} from '@federa/schemas';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import type { SessionStore } from '../../session/session-store.ts';

/**
 * Attempts per subscription acknowledgement: the first and up to three retries
 * (docs/product/identity-and-access.md §9).
 */
export const SUBSCRIBE_RETRIES = 3;
/** How long a subscription waits for its acknowledgement before it asks again. */
export const ACK_TIMEOUT_MS = 5_000;

export type LiveEventName = EntityEventName;
export type LiveEventPayload<T = Record<string, unknown>> = EntityEventPayload<T>;

export type LiveHandler<T = Record<string, unknown>> = (event: LiveEventName, data: T) => void;

/** The answer of the server to `{type}Subscribe`. */
export type SubscribeAck = SubscriptionAcknowledgement;

/** The part of a socket.io client socket the realtime client uses (fakes implement it in tests). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- socket.io listeners take any arguments
type SocketListener = (...args: any[]) => void;

export interface LiveSocket {
  readonly connected: boolean;
  on(event: string, listener: SocketListener): unknown;
  off(event: string, listener?: SocketListener): unknown;
  /** Every event the server sends (entity events are routed by their `meta.roomName`). */
  onAny(listener: SocketListener): unknown;
  offAny(listener?: SocketListener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** Opens a socket for a namespace; `token()` is read on every (re)connection attempt. */
export type LiveSocketFactory = (namespace: string, token: () => string | undefined) => LiveSocket;

/** socket.io options of docs/product/identity-and-access.md §9. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  transports: ['polling', 'websocket', 'webtransport'],
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
  autoConnect: false,
};

/** Connects to the app's own origin (the realtime gateway shares the API's port). */
export const browserSocketFactory: LiveSocketFactory = (namespace, token) =>
  io(namespace, {
    ...SOCKET_OPTIONS,
    auth: (callback: (data: object) => void) => callback({ token: token() }),
  }) as unknown as LiveSocket;

/** A socket that never connects: the default in component tests, which register a fake instead. */
const idleSocketFactory: LiveSocketFactory = () => ({
  connected: false,
  on: () => undefined,
  off: () => undefined,
  onAny: () => undefined,
  offAny: () => undefined,
  emit: () => undefined,
  connect: () => undefined,
  disconnect: () => undefined,
});

/** The room of every record of a type (`user`) or of one record (`user/{id}`), as the server names them. */
export const roomOf = roomName;

interface Room {
  readonly type: string;
  readonly target: string | undefined;
  readonly handlers: Set<LiveHandler>;
}

/**
 * Realtime updates for the signed-in identity (docs/product/identity-and-access.md §4 Realtime): one socket
 * for the namespace of its realm, rooms per resource type (or record), counted per room so views share
 * subscriptions. The socket reconnects whenever the access token changes; after every (re)connection the
 * rooms are subscribed again. A subscription waits for its acknowledgement and asks up to three more times
 * when none comes (or the server failed unexpectedly).
 */
export class RealtimeClient {
  private socket: LiveSocket | undefined;
  private namespace: string | undefined;
  private readonly rooms = new Map<string, Room>();
  private readonly detach: Array<() => void>;

  constructor(
    private readonly session: SessionStore,
    private readonly factory: LiveSocketFactory,
  ) {
    this.detach = [
      session.on('tokenChanged', () => this.reconnect()),
      session.on('loggedOut', () => this.close()),
    ];
  }

  /** The namespace of the signed-in identity's realm. */
  private namespaceOf(): string | undefined {
    const { realm, accessToken } = this.session.getState();
    if (!accessToken) return undefined;
    // The master realm's identities see every realm in `/resources`; others use their realm's namespace.
    return !realm || realm.name === 'master' ? MASTER_NAMESPACE : realmNamespace(realm.id);
  }

  /** Receives the events of a type (or one record of it) until the returned function is called. */
  subscribe<T = Record<string, unknown>>(type: string, handler: LiveHandler<T>, target?: string): () => void {
    const name = roomOf(type, target);
    let room = this.rooms.get(name);
    const isNew = !room;
    if (!room) {
      room = { type, target, handlers: new Set() };
      this.rooms.set(name, room);
    }
    room.handlers.add(handler as LiveHandler);
    const existing = this.socket;
    const socket = this.ensureSocket();
    // A socket opened just now subscribes every room when it connects.
    if (socket && isNew && socket === existing && socket.connected)
      void this.requestSubscription(socket, room);
    return () => {
      const current = this.rooms.get(name);
      if (!current) return;
      current.handlers.delete(handler as LiveHandler);
      if (current.handlers.size > 0) return;
      this.rooms.delete(name);
      if (this.socket?.connected)
        this.socket.emit(subscriptionEventName(type, 'unsubscribe'), target ?? null, () => undefined);
    };
  }

  /** Number of rooms with at least one handler (for tests and diagnostics). */
  get roomCount(): number {
    return this.rooms.size;
  }

  private ensureSocket(): LiveSocket | undefined {
    const namespace = this.namespaceOf();
    if (!namespace) return undefined;
    if (this.socket && this.namespace === namespace) return this.socket;
    this.closeSocket();
    const socket = this.factory(namespace, () => this.session.getState().accessToken);
    this.socket = socket;
    this.namespace = namespace;
    socket.on('connect', () => {
      for (const room of this.rooms.values()) void this.requestSubscription(socket, room);
    });
    socket.onAny((_event: string, payload: LiveEventPayload) => this.dispatch(payload));
    socket.connect();
    return socket;
  }

  /**
   * Hands an entity event to the handlers of the room it came through. The event name is that of the
   * entity (`projectNodeCreated`), the room may be another view of it (`projectNodeIn`), so events
   * are routed by `meta.roomName`; rooms nobody here asked for are ignored.
   */
  private dispatch(payload: LiveEventPayload | undefined): void {
    if (!payload || typeof payload !== 'object' || !payload.data || !payload.meta) return;
    const { roomName, event } = payload.meta;
    if (event !== 'created' && event !== 'updated' && event !== 'deleted') return;
    const room = this.rooms.get(roomName);
    if (!room) return;
    for (const handler of [...room.handlers]) handler(event, payload.data);
  }

  /** Sends `{type}Subscribe` until it is acknowledged, at most 1 + SUBSCRIBE_RETRIES times. */
  private async requestSubscription(socket: LiveSocket, room: Room): Promise<SubscribeAck | undefined> {
    for (let attempt = 0; attempt <= SUBSCRIBE_RETRIES; attempt += 1) {
      if (socket !== this.socket || !socket.connected) return undefined;
      if (this.rooms.get(roomOf(room.type, room.target)) !== room) return undefined;
      const answer = await emitWithAck(
        socket,
        subscriptionEventName(room.type, 'subscribe'),
        room.target ?? null,
      );
      // A refusal (no permission, unknown type) stays a refusal; only silence or a server fault is retried.
      if (answer && (answer.ok || answer.code !== 'internal_error')) return answer;
    }
    return undefined;
  }

  /** A new access token: the next handshake must carry it, so the connection starts over. */
  private reconnect(): void {
    if (!this.socket) return;
    const namespace = this.namespaceOf();
    if (namespace !== this.namespace) {
      this.closeSocket();
      if (this.rooms.size > 0) this.ensureSocket();
      return;
    }
    this.socket.disconnect();
    this.socket.connect();
  }

  private closeSocket(): void {
    if (!this.socket) return;
    const socket = this.socket;
    this.socket = undefined;
    this.namespace = undefined;
    socket.off('connect');
    socket.offAny();
    socket.disconnect();
  }

  /** Ends the connection (logout); the rooms stay registered and are joined again after the next login. */
  close(): void {
    this.closeSocket();
  }

  dispose(): void {
    this.closeSocket();
    this.rooms.clear();
    for (const detach of this.detach) detach();
  }
}

function emitWithAck(socket: LiveSocket, event: string, payload: unknown): Promise<SubscribeAck | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ACK_TIMEOUT_MS);
    socket.emit(event, payload, (answer: SubscribeAck) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

const clients = new WeakMap<SessionStore, RealtimeClient>();

/** The realtime client of a session (created on first use). */
export function realtimeClientFor(session: SessionStore): RealtimeClient {
  let client = clients.get(session);
  if (!client) {
    const factory = import.meta.env.MODE === 'test' ? idleSocketFactory : browserSocketFactory;
    client = new RealtimeClient(session, factory);
    clients.set(session, client);
  }
  return client;
}

/** Replaces the realtime client of a session (tests: a client over a fake socket). */
export function setRealtimeClient(session: SessionStore, client: RealtimeClient): void {
  clients.get(session)?.dispose();
  clients.set(session, client);
}
