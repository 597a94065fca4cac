import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers too), for
 * load balancers and orchestrators.
 */
export function registerHealth(app: FastifyInstance, ping: () => Promise<void>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'Liveness probe', response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  typed.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness probe: the database is reachable',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );
}
