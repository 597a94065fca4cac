import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { EmbeddedVacuum } from './platform/db/embedded-vacuum.ts';
import { registerEmptyStringNormalizer } from './platform/http/empty-strings.ts';
import { clientErrorHandler } from './platform/http/client-errors.ts';
import { registerErrorHandler, toErrorBody } from './platform/http/error-handler.ts';
import { registerJsonBodyParser } from './platform/http/json-body.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { loggerOptions } from './platform/logging/logger.ts';
import { registerHealth } from './platform/observability/health.ts';
import { registerMetrics } from './platform/observability/metrics.ts';
import { registerStatus } from './platform/observability/status.ts';
import { registerWebApp } from './platform/web/static-web-app.ts';
import { DomainEventBus } from './platform/events/domain-events.ts';
import { EventOutbox } from './platform/events/event-outbox.ts';
import {
  authModule,
  createAuthServices,
  registerAuthentication,
  registerIdentityRateLimits,
  requireIdentity,
  actorNameLookup,
  type AuthServices,
} from './modules/auth/index.ts';
import { coreModule, nodeOfRobot } from './modules/core/index.ts';
import { registerRealtime, registerRealtimeEmitter } from './modules/realtime/index.ts';
import { BucketGrants, BucketWriteGuards, storageModule } from './modules/storage/index.ts';
import { telemetryModule, TelemetryServices } from './modules/telemetry/index.ts';
import { SERVER_VERSION } from './server-root.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Tests pass false to keep their output quiet; defaults to the configured log level. */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests that read the log). */
  logDestination?: DestinationStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    auth: AuthServices;
    events: DomainEventBus;
    outbox: EventOutbox;
    telemetry: TelemetryServices;
  }
}

/**
 * Builds the HTTP application for the configured roles without listening, so tests can `inject()`
 * requests and main.ts decides where to listen. The caller owns the database handle.
 */
export async function buildApp({
  config,
  database,
  logger = true,
  logDestination,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { ...loggerOptions(config.logLevel), ...(logDestination ? { stream: logDestination } : {}) }
      : false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    clientErrorHandler,
    // Errors Fastify raises before routing (a malformed percent-encoding in the URL) get the
    // standard error body too.
    frameworkErrors: (error, _request, reply) => {
      const body = toErrorBody(error);
      void (reply as unknown as FastifyReply).status(body.statusCode).send(body);
    },
    // Keep-alive connections are closed as soon as they are idle, so shutdown is not held up by them.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  await app.register(cookie);
  await app.register(formbody);
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
  });
  // Limits are opted into per route (login, token, ...), not applied to every request.
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, config.publicUrl, SERVER_VERSION);
  registerEmptyStringNormalizer(app);

  registerHealth(app, database.ping);
  registerMetrics(app);

  const events = new DomainEventBus((error, event) =>
    app.log.error({ err: error, type: event.type, event: event.event }, 'entity event listener failed'),
  );
  app.decorate('events', events);
  const outbox = new EventOutbox({
    db: database.db,
    bus: events,
    leaseMs: config.outbox.leaseMs,
    log: app.log,
  });
  app.decorate('outbox', outbox);

  const auth = createAuthServices(config, database.db);
  app.decorate('auth', auth);
  // Every module sees who is calling, so authentication is registered on the root instance.
  registerAuthentication(app, database.db, auth.tokens);
  registerIdentityRateLimits(app, config.rateLimits);
  registerStatus(app, {
    ping: database.ping,
    version: SERVER_VERSION,
    roles: config.roles,
    authorize: (request) => void requireIdentity(request),
  });

  // Every process records the entity events of its own writes and sweeps expired ones.
  const telemetry = new TelemetryServices({
    db: database.db,
    settings: config.telemetry,
    events,
    log: app.log,
    // Events name who acted (users, robots and clients live in the identity tables).
    actorName: actorNameLookup(database.db),
  });
  app.decorate('telemetry', telemetry);
  telemetry.attach(app);

  if (config.roles.includes('api')) {
    // The hub tells storage which buckets must not change (a locked analysis's code) and which
    // ones beyond the usual a caller may use (a node's robot and the results of its analyses).
    const bucketWriteGuards = new BucketWriteGuards();
    const bucketGrants = new BucketGrants();
    await app.register(authModule, {
      prefix: '/auth',
      services: auth,
      events,
      outbox,
      config,
      version: SERVER_VERSION,
    });
    await app.register(coreModule, {
      prefix: '/core',
      auth,
      events,
      outbox,
      masterImagesSource: config.masterImages.source,
      bucketWriteGuards,
      bucketGrants,
    });
    await app.register(storageModule, {
      prefix: '/storage',
      db: database.db,
      access: auth.authorizer,
      events,
      outbox,
      config,
      writeGuards: bucketWriteGuards,
      grants: bucketGrants,
    });
    await app.register(telemetryModule, {
      prefix: '/telemetry',
      services: telemetry,
      access: auth.authorizer,
      events,
      outbox,
    });
    // Entries whose writer died are delivered here, where every listener of the bus is registered
    // (storage removes objects and the core follows storage only in the api role).
    app.addHook('onReady', async () => outbox.start());
  }
  // Deliveries in flight finish and delivered entries are deleted before the database closes.
  app.addHook('onClose', async () => outbox.stop());
  if (database.kind === 'pglite') {
    const vacuum = new EmbeddedVacuum({
      db: database.db,
      intervalMs: config.embeddedDatabase.vacuumIntervalMs,
      log: app.log,
    });
    app.addHook('onReady', async () => vacuum.start());
    app.addHook('onClose', async () => vacuum.stop());
  }

  if (config.roles.includes('realtime')) {
    await registerRealtime(app, {
      auth,
      events,
      database,
      databaseUrl: config.databaseUrl,
      corsOrigins: config.corsOrigins,
      revalidateIntervalMs: config.realtime.revalidateIntervalMs,
      nodeOfRobot: (robotId) => nodeOfRobot(auth.db, robotId),
    });
  } else {
    // Without the realtime role, this instance's writes still reach the realtime replicas' sockets.
    await registerRealtimeEmitter(app, { events, database, databaseUrl: config.databaseUrl });
  }

  await registerWebApp(app, config.webDistDir);
  return app;
}
