/** One changed field of an update event: what it was and what it became. */
export interface FieldChange {
  readonly field: string;
  readonly previous: unknown;
  readonly next: unknown;
}

/** The changes an update event records (`data.diff = { field: { previous, next } }`), by field name. */
export function changesOf(data: Record<string, unknown> | null | undefined): FieldChange[] {
  const diff = data?.diff;
  if (!diff || typeof diff !== 'object') return [];
  return Object.entries(diff as Record<string, unknown>)
    .map(([field, change]) => {
      const entry = (change ?? {}) as { previous?: unknown; next?: unknown };
      return { field, previous: entry.previous ?? null, next: entry.next ?? null };
    })
    .sort((a, b) => a.field.localeCompare(b.field));
}

/** A recorded value as text: strings as they are, null as empty, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
