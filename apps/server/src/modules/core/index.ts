import type { FastifyInstance } from 'fastify';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { registerResource, type ResourceServices } from '#platform/http/resource/index.ts';
import { requireIdentity, type AuthServices } from '../auth/index.ts';
import { masterImageCommandRoutes } from './master-images/master-image-command.routes.ts';
import { masterImagePresenceRoute } from './master-images/master-image-presence.routes.ts';
import { masterImageGroupResource } from './master-images/master-image-group.resource.ts';
import { masterImageResource } from './master-images/master-image.resource.ts';
import { nodeTaskRoutes } from './nodes/node-task.routes.ts';
import { nodeResource } from './nodes/node.resource.ts';
import { projectNodeResource } from './projects/project-node.resource.ts';
import { projectResource } from './projects/project.resource.ts';
import { registryProjectResource } from './registries/registry-project.resource.ts';
import { registryResource } from './registries/registry.resource.ts';
import { guardRegistrySecrets } from './registries/node-registry-project.ts';
import { registerAnalyses } from './analyses/index.ts';
import { lockedCodeBucketGuard } from './analyses/locked-code-guard.ts';
import { nodeRobotBucketGrant } from './analyses/node-robot-bucket-grant.ts';
import { serviceCommandRoutes } from './services/service-command.routes.ts';
import { registerJobs } from './builds/jobs.ts';
import { configureRegistryTimeout } from './builds/registry-client.ts';
import { registryHookRoute } from './registries/registry-hook.routes.ts';
import { webhookSettings } from './registries/webhook-credentials.ts';
import { jobRoutes } from './services/job.routes.ts';
import { withNodeRobotScope } from './shared/node-robot-scope.ts';
import {
  createStorageDriver,
  type BucketGrants,
  type BucketWriteGuards,
  type StorageDriver,
} from '../storage/index.ts';

export { synchronizeMasterImages } from './master-images/catalog/synchronize.ts';
export { nodeOfRobot } from './nodes/node-robot.ts';

export interface CoreModuleOptions {
  auth: AuthServices;
  events: DomainEventBus;
  outbox: EventOutbox;
  /** MASTER_IMAGES_SOURCE: the master-image catalog (a directory or a git repository). */
  masterImagesSource: string;
  /** The storage driver for analysis downloads; by default one of the configured kind (closed with the app). */
  storageDriver?: StorageDriver;
  /** Storage's write guards, to which the hub adds its own (a locked analysis's code stays as it is). */
  bucketWriteGuards?: BucketWriteGuards;
  /** Storage's grants, to which the hub adds its own (node robots write their analyses' results). */
  bucketGrants?: BucketGrants;
}

/** The hub core API (projects, nodes, registries, master images), mounted under /core. */
export async function coreModule(app: FastifyInstance, options: CoreModuleOptions): Promise<void> {
  const { auth, events } = options;
  // Nothing of the hub core is public: every route needs a signed-in identity (401 otherwise).
  app.addHook('onRequest', async (request) => {
    // The registry webhook authenticates with its own credentials (registry-hook.routes.ts).
    if (request.routeOptions.config?.authenticate === false) return;
    requireIdentity(request);
  });

  const services: ResourceServices = {
    db: auth.db,
    // A node's robot sees only its own node's records (shared/node-robot-scope.ts).
    access: withNodeRobotScope(auth.authorizer, auth.db),
    publish: (event) => events.publish(event),
    outbox: options.outbox,
  };
  guardRegistrySecrets(app, auth.db, auth.authorizer);
  nodeTaskRoutes(app, services);
  for (const definition of [
    masterImageGroupResource,
    masterImageResource,
    projectResource,
    projectNodeResource(auth.authorizer),
    nodeResource(),
    registryResource,
    registryProjectResource,
  ]) {
    registerResource(app, definition, services);
  }

  options.bucketWriteGuards?.add(lockedCodeBucketGuard(auth.db));
  options.bucketGrants?.add(nodeRobotBucketGrant(auth.db));
  configureRegistryTimeout(app.config.registryTimeoutMs);
  const driver = options.storageDriver ?? createStorageDriver(app.config);
  if (!options.storageDriver) app.addHook('onClose', () => driver.close());
  const webhook = webhookSettings(app.config.publicUrl, auth.secrets);
  const jobs = registerJobs(app, {
    db: auth.db,
    driver,
    telemetry: app.telemetry,
    outbox: options.outbox,
    log: app.log,
    leaseMs: app.config.jobs.leaseMs,
    masterImagesUpstream: app.config.masterImagesUpstream,
    webhook,
  });
  serviceCommandRoutes(app, { ...services, jobs });
  masterImageCommandRoutes(app, {
    ...services,
    catalogSource: options.masterImagesSource,
    upstream: app.config.masterImagesUpstream,
    jobs,
  });
  masterImagePresenceRoute(app, services);
  jobRoutes(app, { ...services, jobs });
  registryHookRoute(app, { webhook, telemetry: app.telemetry, outbox: options.outbox });
  registerAnalyses(
    app,
    {
      ...services,
      driver,
      telemetry: app.telemetry,
      buildTimeoutMs: app.config.analyses.buildTimeoutMs,
      log: app.log,
      jobs,
    },
    events,
  );
}
