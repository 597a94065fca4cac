import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '#config/config.ts';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { registerResource } from '#platform/http/resource/index.ts';
import { createMailer } from '#platform/mail/index.ts';
import { registerAccountRoutes } from './account/account.routes.ts';
import { clientResource } from './resources/clients.ts';
import { identityProviderRoleMappingResource } from './resources/identity-provider-role-mappings.ts';
import { identityProviderResource } from './resources/identity-providers.ts';
import { registerCheckRoutes } from './permissions/check.routes.ts';
import { roleAttributeResource, userAttributeResource } from './resources/attributes.ts';
import { guardHiddenFields } from './resources/hidden-fields.ts';
import { linkResources } from './resources/links.ts';
import { permissionResource } from './resources/permissions.ts';
import { policyResource } from './resources/policies.ts';
import { realmScopeResource } from './resources/realm-scopes.ts';
import { realmResource } from './resources/realms.ts';
import { robotResource } from './resources/robots.ts';
import { roleResource } from './resources/roles.ts';
import { scopeResource } from './resources/scopes.ts';
import { userResource } from './resources/users.ts';
import { registerAuthorizeRoutes } from './oauth2/authorize.routes.ts';
import { registerUpstreamSignInRoutes } from './identity-providers/oauth2/upstream-sign-in.routes.ts';
import { registerOAuth2Routes } from './oauth2/oauth2.routes.ts';
import type { AuthServices } from './services.ts';
import { registerMeRoute } from './users/me.routes.ts';
import { registerOwnSessionRoutes } from './users/sessions.routes.ts';
import { encryptPlainProviderSecrets } from './identity-providers/provider-secrets.ts';
import { registerStatusRoute } from './status.routes.ts';
import { registerProviderToolRoutes } from './identity-providers/provider-tools.routes.ts';
import { registerRobotIntegrityRoute } from './vault/robot-integrity.routes.ts';

export { createAuthServices, issuerOf, type AuthServices } from './services.ts';
export {
  identityFromAccessToken,
  registerAuthentication,
  requireIdentity,
  type RequestIdentity,
} from './identity/authenticate.ts';
export { registerIdentityRateLimits } from './identity/rate-limits.ts';
export { actorNameLookup } from './identity/actor-names.ts';
export { endedSessions, type SessionRef } from './tokens/session-validity.ts';
export { seedIdentity, MASTER_REALM_NAME, ADMIN_ROLE_NAME, type SeedResult } from './seed/seed.ts';
// Tables other modules reference or join (foreign keys, creator names, node robots), and the secret
// helpers a node's robot is created with.
export { permissions, policies, realms, robotPermissions, robots, users } from './db/index.ts';
export { generateName, generateRobotSecret, hashSecret } from './crypto/secrets.ts';
export { guardHiddenFields } from './resources/hidden-fields.ts';

/** The identity API, mounted under /auth. */
export interface AuthModuleOptions {
  services: AuthServices;
  events: DomainEventBus;
  outbox: EventOutbox;
  config: AppConfig;
  /** The server version, reported by `GET /auth/`. */
  version: string;
}

export async function authModule(app: FastifyInstance, options: AuthModuleOptions): Promise<void> {
  const { services, events, config } = options;
  registerStatusRoute(app, { version: options.version, lifetimes: services.tokens.lifetimes });
  // Changes made through this instance clear the permission caches at once (others: access version).
  const stopInvalidating = services.authorizer.invalidateOn(events);
  app.addHook('onClose', async () => stopInvalidating());
  // Identity-provider secrets stored before encryption existed are encrypted now.
  await encryptPlainProviderSecrets(services.db, services.secrets);
  // Before any route: stored secret hashes and e-mail addresses only for those who manage them.
  guardHiddenFields(app, services.authorizer);
  registerOAuth2Routes(app, {
    grants: {
      db: services.db,
      tokens: services.tokens,
      throttle: services.throttle,
      verifiedSecrets: services.verifiedSecrets,
      secrets: services.secrets,
    },
    tokens: services.tokens,
    keys: services.keys,
    authorizer: services.authorizer,
    issuer: services.issuer,
    tokenRateLimitPerMinute: config.tokenRateLimitPerMinute,
  });
  registerAuthorizeRoutes(app, services.db);
  registerUpstreamSignInRoutes(app, {
    db: services.db,
    tokens: services.tokens,
    publicUrl: config.publicUrl,
    secrets: services.secrets,
  });
  registerCheckRoutes(app, services.db, services.authorizer);
  registerRobotIntegrityRoute(app, services.db, services.robotVault);
  registerProviderToolRoutes(app, {
    db: services.db,
    authorizer: services.authorizer,
    secrets: services.secrets,
  });
  // Registered before the users resource so that `@me` is not taken for a user name.
  registerMeRoute(app, services.db);
  registerOwnSessionRoutes(app, { db: services.db, tokens: services.tokens });
  // Static paths (/users/register, ...), which the router prefers to `/users/:id` in any order.
  registerAccountRoutes(
    app,
    {
      db: services.db,
      publicUrl: config.publicUrl,
      mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }),
      outbox: options.outbox,
      log: app.log,
    },
    config.accounts,
  );

  const resourceServices = {
    db: services.db,
    access: services.authorizer,
    publish: (event: Parameters<DomainEventBus['publish']>[0]) => events.publish(event),
    outbox: options.outbox,
  };
  for (const definition of [
    realmResource,
    userResource(config.admin.username, services.throttle),
    robotResource(config.systemRobot.name, services.robotVault),
    clientResource,
    roleResource,
    scopeResource,
    realmScopeResource,
    permissionResource,
    policyResource,
    ...linkResources(),
    userAttributeResource,
    roleAttributeResource,
    identityProviderResource(services.secrets),
    identityProviderRoleMappingResource,
  ]) {
    registerResource(app, definition, resourceServices);
  }
}
