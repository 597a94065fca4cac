import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type { Acknowledgement, EntityEventPayload } from './types.ts';

/** How long a test waits for something that must happen before it calls it a failure. */
export const EVENT_TIMEOUT_MS = 5000;
/** How long a test keeps listening, after a later event arrived, to be sure an earlier one did not come. */
export const SETTLE_MS = 150;

/** Starts the app on a free loopback port; returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** An access token of the password grant; fails the test when the login does not succeed. */
export async function passwordToken(
  app: FastifyInstance,
  username: string,
  password: string,
  realmId?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', username, password, ...(realmId ? { realm_id: realmId } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

export interface ClientOptions {
  token?: string;
  headers?: Record<string, string>;
  transports?: Array<'polling' | 'websocket'>;
}

/** Opens real socket.io clients and closes every one of them at the end. */
export class Clients {
  private readonly sockets = new Set<Socket>();

  constructor(private readonly baseUrl: () => string) {}

  open(namespace: string, options: ClientOptions = {}): Socket {
    const socket = io(`${this.baseUrl()}${namespace}`, {
      path: '/socket.io',
      auth: options.token ? { token: options.token } : {},
      extraHeaders: options.headers ?? {},
      transports: options.transports ?? ['websocket'],
      // A refused or dropped connection must stay visible to the test, not be retried behind its back.
      reconnection: false,
      forceNew: true,
      timeout: EVENT_TIMEOUT_MS,
    });
    this.sockets.add(socket);
    return socket;
  }

  /** Opens a socket and waits until it is connected (fails on a refusal). */
  async connect(namespace: string, options: ClientOptions = {}): Promise<Socket> {
    const socket = this.open(namespace, options);
    await connected(socket);
    return socket;
  }

  closeAll(): void {
    for (const socket of this.sockets) socket.close();
    this.sockets.clear();
  }
}

export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connection within the timeout')), EVENT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      clearTimeout(timer);
      reject(new Error(`connection refused: ${error.message} ${JSON.stringify(error.data)}`));
    });
  });
}

export interface Refusal {
  message: string;
  data: { statusCode?: number; code?: string; message?: string } | undefined;
}

/** Waits for the refusal of a connection; a successful connection fails the test. */
export function refused(socket: Socket): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('neither refused nor connected within the timeout')),
      EVENT_TIMEOUT_MS,
    );
    socket.once('connect', () => {
      clearTimeout(timer);
      reject(new Error('the connection was accepted'));
    });
    socket.once('connect_error', (error: Error & { data?: Refusal['data'] }) => {
      clearTimeout(timer);
      resolve({ message: error.message, data: error.data });
    });
  });
}

/** Emits with an acknowledgement; a missing acknowledgement fails the test. */
export function request(socket: Socket, event: string, ...payload: unknown[]): Promise<Acknowledgement> {
  return socket.timeout(EVENT_TIMEOUT_MS).emitWithAck(event, ...payload) as Promise<Acknowledgement>;
}

export interface ReceivedEvent {
  name: string;
  payload: EntityEventPayload;
}

/** Records every event a socket receives, so a test can wait for one and then look at all of them. */
export class Recorder {
  readonly events: ReceivedEvent[] = [];
  private waiters: Array<{
    match: (event: ReceivedEvent) => boolean;
    resolve: (event: ReceivedEvent) => void;
  }> = [];

  constructor(socket: Socket) {
    socket.onAny((name: string, payload: EntityEventPayload) => {
      const event = { name, payload };
      this.events.push(event);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(event)) return true;
        waiter.resolve(event);
        return false;
      });
    });
  }

  /** The first event (already received or still to come) that matches; fails after the timeout. */
  waitFor(name: string, refId: string): Promise<ReceivedEvent> {
    const match = (event: ReceivedEvent) => event.name === name && event.payload.meta.refId === refId;
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((item) => item !== waiter);
        reject(
          new Error(
            `no ${name} for ${refId}; received: ${this.events.map((e) => e.name).join(', ') || 'nothing'}`,
          ),
        );
      }, EVENT_TIMEOUT_MS);
      const waiter = {
        match,
        resolve: (event: ReceivedEvent) => {
          clearTimeout(timer);
          resolve(event);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Events about one record. */
  about(refId: string): ReceivedEvent[] {
    return this.events.filter((event) => event.payload.meta.refId === refId);
  }
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
