import { IdentityStatusSchema } from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import type { TokenLifetimes } from './tokens/token-service.ts';

/**
 * `GET /auth/`: the status authup answers at its root, which its clients call as a health check
 * before they start: the server version, the current time and the token lifetimes in seconds.
 * Public, like authup's; it tells nothing that a token response does not.
 */
export function registerStatusRoute(
  app: FastifyInstance,
  options: { version: string; lifetimes: TokenLifetimes },
): void {
  const schema = {
    tags: ['status'],
    summary: 'Status of the identity service',
    response: { 200: IdentityStatusSchema },
  };
  app.get('/', { schema }, async () => ({
    version: options.version,
    timestamp: Date.now(),
    tokenMaxAgeAccessToken: options.lifetimes.access,
    tokenMaxAgeRefreshToken: options.lifetimes.refresh,
  }));
}
