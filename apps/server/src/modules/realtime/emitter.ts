import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '#platform/db/database.ts';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import { bridgeDomainEvents } from './event-bridge.ts';
import { createEventRelay } from './event-relay.ts';
import { relayDatabaseUrl } from './relay-database-url.ts';

export interface RealtimeEmitterOptions {
  events: DomainEventBus;
  database: DatabaseHandle;
  databaseUrl: string | undefined;
}

/**
 * For an instance without the realtime role (api or worker only): its writes must still reach the
 * sockets held by the realtime replicas, so it hands its events to the relay, which carries them
 * there; it holds no socket itself. On the embedded database there are no other processes, so there
 * is nothing to do.
 */
export async function registerRealtimeEmitter(
  app: FastifyInstance,
  options: RealtimeEmitterOptions,
): Promise<void> {
  const url = relayDatabaseUrl(options.database, options.databaseUrl);
  if (!url) return;
  const log = app.log.child({ module: 'realtime-emitter' });
  let closing = false;
  const relay = await createEventRelay(url, {
    onError: (error) =>
      closing
        ? log.debug({ err: error }, 'realtime relay error during shutdown')
        : log.error({ err: error }, 'realtime relay error'),
  });
  const stopBridge = bridgeDomainEvents(undefined, options.events, relay);

  app.addHook('onClose', async () => {
    closing = true;
    stopBridge();
    await relay.close();
  });
}
