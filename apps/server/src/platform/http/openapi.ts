import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the routes' zod schemas; the UI is served at /docs. */
export async function registerOpenApi(
  app: FastifyInstance,
  publicUrl: string,
  version: string,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Federa HUB API',
        description: 'Identity (/auth), hub core (/core), storage (/storage) and telemetry (/telemetry).',
        version,
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
