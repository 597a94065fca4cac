import type { EntityEventActor, EntityEventRequest } from '#platform/events/domain-events.ts';
import type { telemetryEvents } from '../db/events.ts';
import { stripSecrets } from '#platform/events/strip-secrets.ts';

export type EventRow = typeof telemetryEvents.$inferSelect;
export type NewEventRow = typeof telemetryEvents.$inferInsert;

/** An event to record, as modules and the HTTP API describe it. */
export interface EventInput {
  name: string;
  scope: string;
  ref_type: string;
  ref_id?: string | null;
  realm_id?: string | null;
  actor?: (Omit<EntityEventActor, 'name'> & { name?: string | null }) | undefined;
  request?: EntityEventRequest | undefined;
  data?: Record<string, unknown> | null;
  /** When the event may be swept; none keeps it until it is deleted. */
  expires_at?: Date | string | null;
  /** Defaults to whether an expiry is given. */
  expiring?: boolean;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DAY_IN_MS = 24 * 60 * 60 * 1000;

/** The row of an event: metadata normalised and cut to the column sizes, secrets removed from data. */
export function eventRow(input: EventInput): NewEventRow {
  const expiresAt = input.expires_at instanceof Date ? input.expires_at.toISOString() : input.expires_at;
  return {
    name: input.name,
    scope: input.scope,
    ref_type: input.ref_type,
    ref_id: input.ref_id ?? null,
    realm_id: input.realm_id && UUID.test(input.realm_id) ? input.realm_id : null,
    actor_type: input.actor?.type ?? null,
    actor_id: input.actor && UUID.test(input.actor.id) ? input.actor.id : null,
    actor_name: cut(input.actor?.name, 128),
    request_path: cut(input.request?.path, 512),
    request_method: cut(input.request?.method, 10),
    request_ip_address: normalizeIpAddress(input.request?.ipAddress),
    request_user_agent: cut(input.request?.userAgent, 512),
    data: input.data == null ? null : stripSecrets(input.data),
    expiring: input.expiring ?? expiresAt != null,
    expires_at: expiresAt ?? null,
  };
}

/**
 * The loopback and IPv4-mapped IPv6 forms name IPv4 clients the way people read them (the original
 * turns `::1` into `127.0.0.1` too).
 */
export function normalizeIpAddress(address: string | undefined): string | null {
  if (!address) return null;
  if (address === '::1') return '127.0.0.1';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return cut(mapped ? mapped[1] : address, 45);
}

function cut(value: string | null | undefined, length: number): string | null {
  if (value == null) return null;
  return value.length > length ? value.slice(0, length) : value;
}

/** `now + days`, the expiry of events kept for a number of days. */
export function expiryAfterDays(days: number, now = Date.now()): Date {
  return new Date(now + days * DAY_IN_MS);
}
