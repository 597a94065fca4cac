import { NoContentSchema } from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unauthorized, validationFailed } from '#platform/http/errors.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import type { TelemetryServices } from '#modules/telemetry/index.ts';
import { isWebhookAuthorization, type WebhookSettings } from './webhook-credentials.ts';

/** What Harbor sends for PUSH_ARTIFACT (the original's validation). */
const HookSchema = z.object({
  type: z.string().min(1).max(64),
  operator: z.string().min(3).max(128),
  event_data: z.object({
    repository: z.object({
      name: z.string().min(3).max(128),
      repo_full_name: z.string().min(3).max(256),
      namespace: z.string().min(3).max(128),
    }),
    resources: z
      .array(
        z.object({
          digest: z.string().max(256),
          tag: z.string().min(1).max(100),
          resource_url: z.string().max(1024),
        }),
      )
      .max(100),
  }),
});

/**
 * `POST /services/registry/hook`: Harbor's PUSH_ARTIFACT webhook. Harbor presents the credentials
 * the hub gave it when linking the project (not a user's token); a valid event is recorded as a
 * telemetry event (`registryPush`), a malformed one refused with the fields at fault.
 */
export function registryHookRoute(
  app: FastifyInstance,
  options: { webhook: WebhookSettings; telemetry: TelemetryServices; outbox: EventOutbox },
): void {
  app.post(
    '/services/registry/hook',
    {
      config: { authenticate: false },
      schema: { tags: ['services'], summary: "Harbor's push webhook", response: { 202: NoContentSchema } },
    },
    async (request, reply) => {
      if (!(await isWebhookAuthorization(request.headers.authorization, options.webhook))) {
        throw unauthorized('The webhook credentials are invalid.');
      }
      const parsed = HookSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        throw validationFailed(
          parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            code: issue.code,
            message: issue.message,
          })),
        );
      }
      const { repository, resources } = parsed.data.event_data;
      // Recorded and announced in one transaction: a crash after the commit still announces it live.
      await options.outbox.transaction((tx, emit) =>
        options.telemetry.recordEventIn(tx, emit, {
          name: 'registryPush',
          scope: 'registry',
          ref_type: 'registryProject',
          ref_id: null,
          data: {
            type: parsed.data.type,
            operator: parsed.data.operator,
            repository: repository.repo_full_name,
            namespace: repository.namespace,
            resources: resources.map((resource) => ({ digest: resource.digest, tag: resource.tag })),
          },
        }),
      );
      return reply.status(202).send();
    },
  );
}
