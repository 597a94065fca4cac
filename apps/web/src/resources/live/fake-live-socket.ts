import type { SessionStore } from '../../session/session-store.ts';
import {
  RealtimeClient,
  setRealtimeClient,
  type LiveEventName,
  type LiveSocket,
  type SubscribeAck,
} from './realtime-client.ts';

type Listener = (...args: unknown[]) => void;

/**
 * A socket.io socket for component tests: records what the app emits, answers subscriptions (by
 * default with `{ ok: true }`) and lets a test push entity events as the gateway would.
 */
export class FakeLiveSocket implements LiveSocket {
  connected = false;
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  connects = 0;
  /** What the next subscription acknowledgements answer; `undefined` = stay silent (timeout). */
  readonly acks: Array<SubscribeAck | undefined> = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();

  constructor(
    readonly namespace: string,
    readonly token: () => string | undefined,
  ) {}

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener?: Listener) {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  onAny(listener: Listener) {
    this.anyListeners.add(listener);
    return this;
  }

  offAny(listener?: Listener) {
    if (listener) this.anyListeners.delete(listener);
    else this.anyListeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const ack =
      typeof args.at(-1) === 'function' ? (args.pop() as (answer: SubscribeAck) => void) : undefined;
    this.emitted.push({ event, payload: args[0] });
    if (ack) {
      const answer = this.acks.length > 0 ? this.acks.shift() : { ok: true as const };
      if (answer) queueMicrotask(() => ack(answer));
    }
    return this;
  }

  connect() {
    if (this.connected) return this;
    this.connected = true;
    this.connects += 1;
    this.fire('connect');
    return this;
  }

  disconnect() {
    this.connected = false;
    return this;
  }

  /** Names of the events emitted so far, e.g. `['userSubscribe']`. */
  get emittedNames(): string[] {
    return this.emitted.map((entry) => entry.event);
  }

  /**
   * Delivers `{entityType}{Event}` through the room `{type}` (or `{type}/{target}`), as the gateway
   * does; `entityType` differs from the room type for directional rooms (`projectNodeIn`).
   */
  push(
    type: string,
    event: LiveEventName,
    data: Record<string, unknown>,
    target?: string,
    entityType: string = type,
  ) {
    const roomName = target === undefined ? type : `${type}/${target}`;
    const name = `${entityType}${event.charAt(0).toUpperCase()}${event.slice(1)}`;
    const payload = {
      data,
      meta: { refType: entityType, refId: data.id, event, namespace: this.namespace, roomName },
    };
    this.fire(name, payload);
    for (const listener of [...this.anyListeners]) listener(name, payload);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

/** Gives a session a realtime client over fake sockets; `sockets` lists every socket it opened. */
export function installFakeRealtime(session: SessionStore) {
  const sockets: FakeLiveSocket[] = [];
  const client = new RealtimeClient(session, (namespace, token) => {
    const socket = new FakeLiveSocket(namespace, token);
    sockets.push(socket);
    return socket;
  });
  setRealtimeClient(session, client);
  return {
    client,
    sockets,
    get socket(): FakeLiveSocket {
      const last = sockets.at(-1);
      if (!last) throw new Error('No socket was opened.');
      return last;
    },
  };
}
