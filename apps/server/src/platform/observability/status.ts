import { ServerStatusSchema } from '@federa/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface StatusOptions {
  ping: () => Promise<void>;
  version: string;
  /** The roles this process runs (`ROLES`). */
  roles: readonly string[];
  /** Throws when the request may not see the status (it names the version and the roles). */
  authorize: (request: FastifyRequest) => void;
}

/**
 * `GET /core/status` (beside the hub API, so the web app's core client reaches it): what the administration landing page shows about the server: its version, whether
 * the database answers, and which roles the answering process runs (`worker`: background work such
 * as build time-outs runs here). Signed-in callers only, unlike the probes.
 */
export function registerStatus(app: FastifyInstance, options: StatusOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/core/status',
    {
      schema: {
        tags: ['system'],
        summary: 'Version, database reachability and roles of the answering process',
        response: { 200: ServerStatusSchema },
      },
    },
    async (request) => {
      options.authorize(request);
      let database: 'ok' | 'unavailable' = 'ok';
      try {
        await options.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'status: database check failed');
        database = 'unavailable';
      }
      return {
        version: options.version,
        database,
        roles: [...options.roles],
        worker: options.roles.includes('worker'),
      };
    },
  );
}
