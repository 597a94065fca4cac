import { io, type Socket } from 'socket.io-client';

/** The node's In rooms: the requests addressed to its realm, and the events of the records in them. */
const ROOMS = ['analysisNodeIn', 'projectNodeIn'] as const;
const EVENTS = [
  'analysisNodeCreated',
  'analysisNodeUpdated',
  'analysisNodeDeleted',
  'projectNodeCreated',
  'projectNodeUpdated',
  'projectNodeDeleted',
];

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
  const socket: Socket = io(`${options.hubUrl}/resources/${options.realmId}`, {
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
        socket.emitWithAck(`${room}Subscribe`).then((answer: { ok: boolean; message?: string }) => {
          if (!answer.ok) options.say(`realtime: the hub refused the room ${room}: ${answer.message ?? ''}`);
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
