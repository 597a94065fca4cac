import type { ListQuery } from '@federa/schemas';

export interface EventFilterValues {
  readonly refType: string | null;
  readonly actor: string;
  readonly name: string | null;
  /** `datetime-local` values (local time, no zone), or ''. */
  readonly from: string;
  readonly to: string;
}

export const NO_EVENT_FILTERS: EventFilterValues = { refType: null, actor: '', name: null, from: '', to: '' };

/** The entity types whose changes are recorded: the identity and the hub records. */
export const RECORDED_ENTITY_TYPES = [
  'realm',
  'user',
  'robot',
  'client',
  'role',
  'scope',
  'permission',
  'policy',
  'identityProvider',
  'userRole',
  'userPermission',
  'robotRole',
  'robotPermission',
  'rolePermission',
  'clientRole',
  'clientPermission',
  'clientScope',
  'masterImage',
  'masterImageGroup',
  'project',
  'projectNode',
  'registry',
  'registryProject',
  'node',
  'analysis',
  'analysisBucket',
  'analysisBucketFile',
  'analysisNode',
  'analysisPermission',
  'bucket',
  'bucketFile',
] as const;

export const EVENT_NAMES = ['created', 'updated', 'deleted'] as const;

function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The list filter of the chosen values. The time range uses `created_at >= from` and
 * `updated_at <= to`: the API takes one filter per field, and an event is never changed after it
 * was recorded, so its `updated_at` is its `created_at`.
 */
export function eventFilter(values: EventFilterValues): NonNullable<ListQuery['filter']> {
  const filter: Record<string, string> = {};
  if (values.refType) filter.ref_type = values.refType;
  if (values.name) filter.name = values.name;
  const actor = values.actor.trim();
  if (actor) filter.actor_name = `~${actor}`;
  const from = isoOf(values.from);
  if (from) filter.created_at = `>=${from}`;
  const to = isoOf(values.to);
  if (to) filter.updated_at = `<=${to}`;
  return filter;
}
