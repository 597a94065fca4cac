import {
  decodeSocketPacket,
  encodeSocketPacket,
  engineUrl,
  ENGINE,
  SOCKET,
  type EngineHandshake,
  type SocketPacket,
} from './socket-io-protocol.ts';

/**
 * A small Socket.IO client (protocol v5 over Engine.IO v4, WebSocket transport only; see
 * `socket-io-protocol.ts`) over Node's built-in WebSocket, for one namespace. It replaces
 * socket.io-client, whose polling transport, `ws` and debug modules cost the agent memory it has no
 * use for (docs/node-agent.md, "Memory"). What the agent needs and no more: connect with an auth
 * payload asked for anew before every (re)connection, answer the server's pings, receive events,
 * emit with an acknowledgement, and reconnect with a growing delay after a lost connection, a refused
 * one, or one the server ended (an expired token).
 */
export interface SocketIoOptions {
  /** The server, `http(s)://host:port`; the Engine.IO endpoint is its `/socket.io/`. */
  url: string;
  namespace: string;
  /** The CONNECT payload (`{ token }`), asked for before every connection attempt. */
  auth(): Promise<Record<string, unknown>>;
  /** Delay before the first reconnection attempt; it doubles with every failed one ... */
  minDelayMs?: number;
  /** ... up to this. */
  maxDelayMs?: number;
  onConnect(): void;
  /** An open connection ended: `transport close`, `ping timeout`, `io server disconnect`, `parse error`. */
  onDisconnect(reason: string): void;
  /**
   * The server refused the namespace (CONNECT_ERROR, with the HTTP status it gives as
   * `data.statusCode`), or no auth payload could be had.
   */
  onConnectError(message: string, statusCode?: number): void;
  onEvent(name: string, args: unknown[]): void;
}

export interface SocketIoConnection {
  /** Sends an event and resolves with the first argument of the server's acknowledgement. */
  emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
  connected(): boolean;
  /** Leaves the namespace and stops reconnecting. */
  close(): void;
}

export function connectSocketIo(options: SocketIoOptions): SocketIoConnection {
  const client = new SocketIoClient(options);
  void client.open();
  return {
    emitWithAck: (event, ...args) => client.emitWithAck(event, args),
    connected: () => client.isConnected,
    close: () => client.close(),
  };
}

interface PendingAck {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

class SocketIoClient {
  isConnected = false;
  private socket: WebSocket | undefined;
  private closed = false;
  private failedAttempts = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  /** The server's ping interval plus its ping timeout: longer without a ping, the connection is gone. */
  private heartbeatMs = 0;
  private nextAckId = 0;
  private readonly acks = new Map<number, PendingAck>();

  constructor(private readonly options: SocketIoOptions) {}

  async open(): Promise<void> {
    this.reconnectTimer = undefined;
    let auth: Record<string, unknown>;
    try {
      auth = await this.options.auth();
    } catch (error) {
      if (this.closed) return;
      this.options.onConnectError(`no credentials: ${(error as Error).message}`);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) return;
    const socket = new WebSocket(engineUrl(this.options.url));
    this.socket = socket;
    // Events of a socket given up (a ping timeout, a refusal) no longer concern anyone.
    socket.addEventListener('message', (event) => {
      if (this.socket === socket) this.receive(String(event.data), auth);
    });
    // An error (refused, reset) is always followed by `close`.
    socket.addEventListener('close', () => {
      if (this.socket === socket) this.lost('transport close');
    });
  }

  emitWithAck(event: string, args: unknown[]): Promise<unknown> {
    if (!this.isConnected) return Promise.reject(new Error(`not connected: cannot emit ${event}`));
    const id = this.nextAckId++;
    return new Promise((resolve, reject) => {
      this.acks.set(id, { resolve, reject });
      this.send(
        encodeSocketPacket({
          type: SOCKET.event,
          namespace: this.options.namespace,
          id,
          data: [event, ...args],
        }),
      );
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    if (this.isConnected)
      this.send(encodeSocketPacket({ type: SOCKET.disconnect, namespace: this.options.namespace }));
    this.drop('closed');
  }

  private receive(frame: string, auth: Record<string, unknown>): void {
    switch (frame.charAt(0)) {
      case ENGINE.open: {
        const handshake = JSON.parse(frame.slice(1)) as EngineHandshake;
        this.heartbeatMs = handshake.pingInterval + handshake.pingTimeout;
        this.armHeartbeat();
        this.send(
          encodeSocketPacket({ type: SOCKET.connect, namespace: this.options.namespace, data: auth }),
        );
        return;
      }
      case ENGINE.ping:
        // Engine.IO v4: the server pings, the client answers; silence means the connection is gone.
        this.armHeartbeat();
        this.send(ENGINE.pong);
        return;
      case ENGINE.close:
        this.lost('transport close');
        return;
      case ENGINE.message: {
        let packet: SocketPacket;
        try {
          packet = decodeSocketPacket(frame.slice(1));
        } catch {
          this.lost('parse error');
          return;
        }
        if (packet.namespace === this.options.namespace) this.receivePacket(packet);
        return;
      }
    }
  }

  private receivePacket(packet: SocketPacket): void {
    switch (packet.type) {
      case SOCKET.connect:
        this.isConnected = true;
        this.failedAttempts = 0;
        this.options.onConnect();
        return;
      case SOCKET.connectError: {
        const refusal = packet.data as { message?: unknown; data?: { statusCode?: unknown } } | undefined;
        const message = typeof refusal?.message === 'string' ? refusal.message : 'refused';
        const statusCode = refusal?.data?.statusCode;
        this.options.onConnectError(message, typeof statusCode === 'number' ? statusCode : undefined);
        this.drop('refused');
        this.scheduleReconnect();
        return;
      }
      case SOCKET.disconnect:
        // The server left the namespace (an expired or revoked token): start over with a fresh payload.
        this.lost('io server disconnect');
        return;
      case SOCKET.event:
        if (Array.isArray(packet.data) && typeof packet.data[0] === 'string') {
          const [name, ...args] = packet.data as [string, ...unknown[]];
          this.options.onEvent(name, args);
        }
        return;
      case SOCKET.ack: {
        const pending = packet.id === undefined ? undefined : this.acks.get(packet.id);
        if (!pending) return;
        this.acks.delete(packet.id!);
        pending.resolve(Array.isArray(packet.data) ? packet.data[0] : undefined);
        return;
      }
    }
  }

  private armHeartbeat(): void {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = setTimeout(() => this.lost('ping timeout'), this.heartbeatMs);
  }

  private send(frame: string): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(frame);
  }

  /** The connection is gone (or never came): tell, then try again. */
  private lost(reason: string): void {
    const wasConnected = this.isConnected;
    this.drop(reason);
    if (this.closed) return;
    if (wasConnected) this.options.onDisconnect(reason);
    this.scheduleReconnect();
  }

  private drop(reason: string): void {
    const socket = this.socket;
    this.socket = undefined;
    this.isConnected = false;
    clearTimeout(this.heartbeatTimer);
    socket?.close();
    for (const pending of this.acks.values()) pending.reject(new Error(`disconnected (${reason})`));
    this.acks.clear();
  }

  /** 500 ms, 1 s, 2 s, ... up to 5 s by default, each shortened by up to a half at random, so agents do not all come back at once. */
  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const min = this.options.minDelayMs ?? 500;
    const max = this.options.maxDelayMs ?? 5000;
    const base = Math.min(max, min * 2 ** this.failedAttempts);
    this.failedAttempts += 1;
    const delay = Math.max(min, base * (0.5 + Math.random() * 0.5));
    this.reconnectTimer = setTimeout(() => void this.open(), delay);
  }
}
