import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIXES } from '#platform/web/static-web-app.ts';

export interface IdentityRateLimits {
  /** Per client address, for requests without an identity. */
  anonymous: number;
  user: number;
  /** Robots and clients: automation legitimately sends more. */
  machine: number;
}

const isApiRequest = (request: FastifyRequest) => {
  const path = request.url.split('?')[0]!;
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

/**
 * Requests per minute per caller, by kind of identity: anonymous callers by address, users, robots
 * and clients by their id (so many users behind one proxy do not share a budget). Registered after
 * authentication, so the identity is known. Only API requests count; 0 switches a limit off. Routes
 * with a limit of their own are counted by that limit only.
 */
export function registerIdentityRateLimits(app: FastifyInstance, limits: IdentityRateLimits): void {
  const limitFor = (request: FastifyRequest) => {
    const type = request.identity?.type;
    if (!type) return limits.anonymous;
    return type === 'user' ? limits.user : limits.machine;
  };
  if (limits.anonymous === 0 && limits.user === 0 && limits.machine === 0) return;
  // preHandler, after every route's own onRequest limit: the plugin checks a request once, so a
  // route with a stricter limit of its own (token endpoint, account flows) keeps that limit.
  app.addHook(
    'preHandler',
    app.rateLimit({
      timeWindow: 60_000,
      max: (request) => limitFor(request),
      keyGenerator: (request) =>
        request.identity ? `${request.identity.type}:${request.identity.id}` : `ip:${request.ip}`,
      allowList: (request) => !isApiRequest(request) || limitFor(request) === 0,
    }),
  );
}
