import { MAX_LOG_PAGE_LIMIT, PlatformPermissionName as P } from '@federa/schemas';
import { z } from 'zod';
import type { EntityEventActor } from '#platform/events/domain-events.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import { requestContext, type ResourceDefinition } from '#platform/http/resource/index.ts';
import { telemetryEvents } from '../db/events.ts';
import { EVENT_ENTITY_TYPE } from './entity-event-recorder.ts';
import { eventRow, expiryAfterDays } from './event-row.ts';

export interface EventResourceOptions {
  /** Expiry of an event created as expiring without a date. */
  retentionDays: number;
  actorName?: (actor: EntityEventActor) => Promise<string | undefined>;
}

const word = z.string().trim().min(3).max(128);

const createSchema = z
  .object({
    name: word,
    scope: word,
    ref_type: word,
    ref_id: z.string().trim().min(1).max(128).nullish(),
    realm_id: z.uuid().nullish(),
    data: z.record(z.string(), z.unknown()).nullish(),
    expiring: z.boolean().optional(),
    expires_at: z.iso.datetime({ offset: true }).nullish(),
  })
  .strict();

/**
 * Events over the resource framework: list, read, create and delete; there is no update, an event
 * is a record of the past. Who created an event and through which request is taken from the
 * request itself, never from the body, so the audit trail cannot be forged.
 */
export function eventResource(options: EventResourceOptions): ResourceDefinition {
  return {
    path: 'events',
    entityType: EVENT_ENTITY_TYPE,
    label: 'event',
    table: telemetryEvents,
    query: defineResourceQuery({
      table: telemetryEvents,
      fields: {
        default: [
          'id',
          'name',
          'scope',
          'ref_type',
          'ref_id',
          'realm_id',
          'actor_type',
          'actor_id',
          'actor_name',
          'request_path',
          'request_method',
          'request_ip_address',
          'request_user_agent',
          'data',
          'expiring',
          'expires_at',
          'created_at',
          'updated_at',
        ],
      },
      filters: [
        'id',
        'name',
        'scope',
        'ref_type',
        'ref_id',
        'realm_id',
        'actor_type',
        'actor_id',
        'actor_name',
        'expiring',
        'expires_at',
        'created_at',
        'updated_at',
      ],
      sorts: ['name', 'scope', 'ref_type', 'expires_at', 'created_at', 'updated_at'],
      defaultSort: { created_at: 'DESC' },
      // The event lists of the web app read 50 at a time (docs/product/analysis-platform.md §9).
      maxLimit: MAX_LOG_PAGE_LIMIT,
      defaultLimit: 50,
    }),
    permissions: {
      read: [P.EVENT_READ, P.EVENT_DELETE],
      create: [P.EVENT_CREATE],
      // Unused: without an update schema the framework registers no update route.
      update: [P.EVENT_CREATE],
      delete: [P.EVENT_DELETE],
    },
    createSchema,
    realmColumn: telemetryEvents.realm_id,
    hooks: {
      prepareCreate: async (input, { request }) => {
        const body = input as z.infer<typeof createSchema>;
        const identity = request.identity;
        const { actor, request: origin } = requestContext(request);
        const expiring = body.expiring ?? body.expires_at != null;
        return eventRow({
          ...body,
          realm_id: body.realm_id === undefined ? (identity?.realmId ?? null) : body.realm_id,
          actor: actor && { ...actor, name: actor.name ?? (await options.actorName?.(actor)) ?? null },
          request: origin,
          expiring,
          expires_at: body.expires_at ?? (expiring ? expiryAfterDays(options.retentionDays) : null),
        });
      },
    },
  };
}
