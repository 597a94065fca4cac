import net from 'node:net';

/**
 * A TCP proxy that passes what the client sends at a limited rate and counts it, so a test can act
 * (kill a process) in the middle of an upload. Loopback only.
 */
export interface SlowProxy {
  url: string;
  /** Bytes the clients sent so far. */
  sent(): number;
  /** Resolves once the clients sent at least `bytes`. */
  whenSent(bytes: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startSlowProxy(
  target: { host: string; port: number },
  bytesPerSecond: number,
): Promise<SlowProxy> {
  let sent = 0;
  const waiters: { bytes: number; resolve: () => void }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      for (const waiter of waiters.filter((entry) => sent >= entry.bytes)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      upstream.write(chunk);
      client.pause();
      setTimeout(() => client.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent: () => sent,
    whenSent: (bytes) =>
      sent >= bytes ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ bytes, resolve })),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
