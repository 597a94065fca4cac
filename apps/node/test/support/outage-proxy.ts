import net from 'node:net';

/**
 * A TCP proxy in front of the hub that can go down and come back on the same port, to the agent
 * exactly what a restarting hub looks like: every connection dropped, new ones refused, then served.
 * It can also stall: the open connections stay open but carry nothing more (a network gone quiet),
 * while new ones are served.
 */
export async function startOutageProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const serve = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      sockets.add(client).add(upstream);
      pairs.add([client, upstream]);
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
        for (const pair of pairs) if (pair[0] === client) pairs.delete(pair);
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
    });
  let server = serve();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Drops every connection and refuses new ones. */
    async down() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** The open connections carry nothing more, without being closed. */
    stall() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    async up() {
      server = serve();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
