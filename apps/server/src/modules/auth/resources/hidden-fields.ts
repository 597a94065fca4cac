import { IdentityPermissionName as P } from '@federa/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readQueryEntries } from '#platform/http/query/raw-input.ts';
import type { ResourceAccess, Row } from '#platform/http/resource/index.ts';
import { isOwnFullSession } from './users.ts';

/** rapiq's name of the root group of a grouped `fields` parameter. */
const ROOT_GROUP = '__DEFAULT__';

export interface HiddenFieldRule {
  /** Resource path below the module prefix, e.g. `clients`. */
  path: string;
  /** Fields returned only on request (`fields=+secret`). */
  fields: readonly string[];
  /** At least one of these is needed to ask for them. */
  permissions: readonly string[];
  /** Whether the record (or `{ id }` before it is read) is the caller's own, who may see them. */
  ownRecord?: (request: FastifyRequest, row: Row) => boolean;
}

/**
 * Who may see what a resource hides by default. Reading a record is not enough: client lists are
 * public (the consent screen needs them), and a stored secret hash is for those who manage the
 * secret, e-mail addresses for those who manage users and for the user themself.
 */
export const HIDDEN_FIELD_RULES: readonly HiddenFieldRule[] = [
  { path: 'clients', fields: ['secret'], permissions: [P.CLIENT_UPDATE] },
  { path: 'robots', fields: ['secret'], permissions: [P.ROBOT_UPDATE] },
  {
    path: 'users',
    fields: ['email'],
    permissions: [P.USER_READ, P.USER_UPDATE],
    ownRecord: isOwnFullSession,
  },
];

/**
 * The hidden fields a read asks for: selected with `fields` (a `-name` does not ask), or filtered on,
 * since a filter reveals a value piece by piece (`filter[email]=~a`, `~ab`, ...).
 */
export function requestedHiddenFields(query: unknown, hidden: readonly string[]): string[] {
  let entries;
  try {
    entries = readQueryEntries(query);
  } catch {
    return []; // A malformed query is the route's to refuse, with its own message.
  }
  const requested = new Set<string>();
  for (const entry of entries) {
    if (entry.name === 'filter' && hidden.includes(entry.path[0] ?? '')) requested.add(entry.path[0]!);
    if (entry.name !== 'fields') continue;
    if (entry.path.length > 0 && entry.path[0] !== ROOT_GROUP) continue;
    for (const raw of entry.value.split(',')) {
      const item = raw.trim();
      if (item.startsWith('-')) continue;
      const name = item.replace(/^\+/, '').trim();
      if (hidden.includes(name)) requested.add(name);
    }
  }
  return [...requested];
}

/**
 * Guards `GET /{path}` and `GET /{path}/:id` asking for a hidden field, twice like every permission:
 * before the query runs, the caller must hold one of the rule's permissions (else 401/403); before the
 * response is sent, the field stays only on rows the permission is granted for with the row's
 * attributes (its realm, ...), so a realm administrator never sees another realm's secret hashes,
 * whichever rows a list shows. Register before the routes.
 */
export function guardHiddenFields(
  app: FastifyInstance,
  access: Pick<ResourceAccess, 'preCheck' | 'check'>,
  rules: readonly HiddenFieldRule[] = HIDDEN_FIELD_RULES,
): void {
  const byRoute = new Map<string, HiddenFieldRule>();
  for (const rule of rules) {
    byRoute.set(`${app.prefix}/${rule.path}`, rule);
    byRoute.set(`${app.prefix}/${rule.path}/:id`, rule);
  }
  const guarded = new WeakMap<FastifyRequest, HiddenFieldRule>();

  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const rule = byRoute.get(request.routeOptions.url ?? '');
    if (!rule || requestedHiddenFields(request.query, rule.fields).length === 0) return;
    guarded.set(request, rule);
    const id = (request.params as { id?: unknown }).id;
    if (typeof id === 'string' && rule.ownRecord?.(request, { id })) return;
    await access.preCheck(request, rule.permissions);
  });

  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const rule = guarded.get(request);
    if (!rule || reply.statusCode >= 300 || !payload || typeof payload !== 'object') return payload;
    const list = (payload as { data?: unknown }).data;
    const rows = (Array.isArray(list) ? list : [payload]) as Row[];
    const shown = await Promise.all(
      rows.map(async (row) => {
        if (!rule.fields.some((field) => field in row)) return row;
        if (rule.ownRecord?.(request, row)) return row;
        const granted = await access.check(request, rule.permissions, row).then(
          () => true,
          () => false,
        );
        return granted ? row : withoutFields(row, rule.fields);
      }),
    );
    return Array.isArray(list) ? { ...payload, data: shown } : shown[0];
  });
}

function withoutFields(row: Row, fields: readonly string[]): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !fields.includes(key)));
}
