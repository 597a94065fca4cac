/**
 * The frames of the Socket.IO protocol v5 over the Engine.IO protocol v4, WebSocket transport only
 * (https://socket.io/docs/v4/engine-io-protocol/, https://socket.io/docs/v4/socket-io-protocol/):
 * the subset the node agent speaks with the hub. Each WebSocket text frame is one Engine.IO packet,
 * a type digit and its data; an Engine.IO message (`4`) carries one Socket.IO packet, written
 * `<type>[<namespace>,][<ack id>][<JSON data>]`. Binary packets (types 5 and 6) are not used by the
 * hub's realtime API and are not understood here.
 */

/** Engine.IO packet types (the first character of a frame). */
export const ENGINE = { open: '0', close: '1', ping: '2', pong: '3', message: '4', noop: '6' } as const;

/** Socket.IO packet types (the first character of an Engine.IO message). */
export const SOCKET = { connect: 0, disconnect: 1, event: 2, ack: 3, connectError: 4 } as const;

/** What the server says when the Engine.IO session opens (`0{...}`). */
export interface EngineHandshake {
  sid: string;
  pingInterval: number;
  pingTimeout: number;
}

export interface SocketPacket {
  type: number;
  namespace: string;
  id: number | undefined;
  data: unknown;
}

/** The WebSocket address of a server's Engine.IO endpoint: `http://hub:3000` → `ws://hub:3000/socket.io/?EIO=4&transport=websocket`. */
export function engineUrl(serverUrl: string, path = '/socket.io'): string {
  const url = new URL(serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${path.replace(/\/$/, '')}/`;
  url.search = '?EIO=4&transport=websocket';
  url.hash = '';
  return url.toString();
}

/** A Socket.IO packet as the Engine.IO message frame that carries it. */
export function encodeSocketPacket(
  packet: Omit<SocketPacket, 'id' | 'data'> & Partial<SocketPacket>,
): string {
  const namespace = packet.namespace === '/' ? '' : `${packet.namespace},`;
  const id = packet.id === undefined ? '' : String(packet.id);
  const data = packet.data === undefined ? '' : JSON.stringify(packet.data);
  return `${ENGINE.message}${packet.type}${namespace}${id}${data}`;
}

/** The Socket.IO packet of an Engine.IO message's data (the frame without its leading `4`). */
export function decodeSocketPacket(text: string): SocketPacket {
  const type = Number(text.charAt(0));
  if (!Object.values(SOCKET).includes(type as never)) {
    throw new Error(`unsupported Socket.IO packet type ${text.charAt(0)}`);
  }
  let index = 1;
  let namespace = '/';
  if (text.charAt(index) === '/') {
    const end = text.indexOf(',', index);
    namespace = end === -1 ? text.slice(index) : text.slice(index, end);
    index = end === -1 ? text.length : end + 1;
  }
  const digits = /^\d+/.exec(text.slice(index))?.[0];
  const id = digits === undefined ? undefined : Number(digits);
  index += digits?.length ?? 0;
  const rest = text.slice(index);
  return { type, namespace, id, data: rest === '' ? undefined : JSON.parse(rest) };
}
