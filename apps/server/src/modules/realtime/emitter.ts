import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { DatabaseHandle } from '#platform/db/database.ts';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import { createClusterAdapter, postgresUrlOf } from './cluster-adapter.ts';
import { bridgeDomainEvents } from './event-bridge.ts';
import type { RealtimeServer } from './types.ts';

export interface RealtimeEmitterOptions {
  events: DomainEventBus;
  database: DatabaseHandle;
  databaseUrl: string | undefined;
}

/**
 * For an instance without the realtime role (api or worker only): its writes must still reach the
 * sockets held by the realtime replicas. A socket.io server that is never attached to HTTP serves
 * no client; it only hands each emission to the PostgreSQL adapter, which carries it to the others.
 * On the embedded database there are no other processes, so there is nothing to do.
 */
export async function registerRealtimeEmitter(
  app: FastifyInstance,
  options: RealtimeEmitterOptions,
): Promise<void> {
  const url = postgresUrlOf(options.database, options.databaseUrl);
  if (!url) return;
  const log = app.log.child({ module: 'realtime-emitter' });
  let closing = false;
  const cluster = await createClusterAdapter(url, (error) => {
    if (closing) log.debug({ err: error }, 'realtime adapter error during shutdown');
    else log.error({ err: error }, 'realtime adapter error');
  });
  const io: RealtimeServer = new Server({ serveClient: false, adapter: cluster.adapter });
  const stopBridge = bridgeDomainEvents(io, options.events);

  app.addHook('onClose', async () => {
    closing = true;
    stopBridge();
    // `io.close()` expects an attached engine; the adapters (one per namespace emitted to) are what
    // hold timers and the LISTEN connection, so they are closed one by one.
    await Promise.allSettled([...io._nsps.values()].map((namespace) => namespace.adapter.close()));
    await cluster.close();
  });
}
