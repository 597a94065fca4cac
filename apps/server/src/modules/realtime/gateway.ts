import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { DatabaseHandle } from '#platform/db/database.ts';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import type { AuthServices } from '../auth/index.ts';
import { connectionError, describeFailure, realtimeErrors } from './errors.ts';
import { bridgeDomainEvents, emitEntityEvent } from './event-bridge.ts';
import { createEventRelay } from './event-relay.ts';
import { namespaceAuthentication } from './namespace-auth.ts';
import { NAMESPACE_PATTERN } from './namespaces.ts';
import { relayDatabaseUrl } from './relay-database-url.ts';
import { SessionRevalidation } from './session-revalidation.ts';
import { serveSubscriptions } from './subscriptions.ts';
import { disconnectAtExpiry } from './token-expiry.ts';
import type { RealtimeServer } from './types.ts';

export interface RealtimeOptions {
  auth: AuthServices;
  events: DomainEventBus;
  database: DatabaseHandle;
  /** DATABASE_URL: on PostgreSQL the replicas meet there to fan events out. */
  databaseUrl: string | undefined;
  /** Origins allowed to connect from a browser, as for the HTTP API (none: same origin only). */
  corsOrigins: readonly string[];
  /** How often open sockets are checked for a revoked token or a deactivated account; 0 = never. */
  revalidateIntervalMs: number;
  /** The node a robot belongs to, if any: a node's robot follows its own node's records only. */
  nodeOfRobot?(robotId: string): Promise<string | undefined>;
}

/**
 * The socket.io gateway (docs/design.md §6) on the app's HTTP server at `/socket.io`: authenticated
 * namespaces per realm, subscriptions to rooms per resource type or record, and every domain event
 * forwarded to the rooms it concerns. On PostgreSQL the events reach the sockets of every replica.
 */
export async function registerRealtime(
  app: FastifyInstance,
  options: RealtimeOptions,
): Promise<RealtimeServer> {
  const log = app.log.child({ module: 'realtime' });
  let closing = false;
  const onUnexpectedError = (error: unknown) => log.error({ err: error }, 'realtime request failed');

  const io: RealtimeServer = new Server({
    path: '/socket.io',
    serveClient: false,
    cors:
      options.corsOrigins.length > 0 ? { origin: [...options.corsOrigins], credentials: true } : undefined,
  });

  // The default namespace carries nothing; refusing it makes a wrong client URL fail loudly.
  io.use((_socket, next) => next(connectionError(describeFailure(realtimeErrors.defaultNamespace()))));

  // Middleware and handlers of the parent are copied into each realm namespace when it is created,
  // so they must be in place before the first connection or emission.
  const resources = io.of(NAMESPACE_PATTERN);
  resources.use(
    namespaceAuthentication({ db: options.auth.db, tokens: options.auth.tokens, onUnexpectedError }),
  );
  const revalidation = new SessionRevalidation({
    db: options.auth.db,
    intervalMs: options.revalidateIntervalMs,
    onUnexpectedError,
  });
  resources.on('connection', (socket) => {
    disconnectAtExpiry(socket, socket.data.expiresAt);
    revalidation.track(socket);
    serveSubscriptions(socket, {
      authorizer: options.auth.authorizer,
      onUnexpectedError,
      nodeOfRobot: options.nodeOfRobot,
    });
  });

  io.attach(app.server);
  const relayUrl = relayDatabaseUrl(options.database, options.databaseUrl);
  if (options.database.kind === 'postgres' && !relayUrl) {
    log.warn('no PostgreSQL connection string for the realtime relay; events reach this replica only');
  }
  const relay = relayUrl
    ? await createEventRelay(relayUrl, {
        onEvents: (events) => {
          for (const event of events) emitEntityEvent(io, event);
        },
        // While shutting down, the last messages may meet an ended connection; that is expected.
        onError: (error) =>
          closing
            ? log.debug({ err: error }, 'realtime relay error during shutdown')
            : log.error({ err: error }, 'realtime relay error'),
      })
    : undefined;
  const stopBridge = bridgeDomainEvents(io, options.events, relay);

  // preClose, not onClose: Fastify waits for the HTTP server to close before it runs onClose hooks,
  // and the server does not close while WebSocket connections are open.
  app.addHook('preClose', async () => {
    closing = true;
    stopBridge();
    revalidation.stop();
    await io.close();
  });
  app.addHook('onClose', async () => {
    await relay?.close();
  });
  return io;
}
