import { describe, expect, it } from 'vitest';
import { eventFilter, NO_EVENT_FILTERS } from './event-filters.ts';

describe('eventFilter', () => {
  it('sends nothing without choices', () => {
    expect(eventFilter(NO_EVENT_FILTERS)).toEqual({});
  });

  it('filters by type, name, actor prefix and a time range', () => {
    const filter = eventFilter({
      refType: 'node',
      name: 'created',
      actor: ' adm ',
      from: '2026-01-02T03:04',
      to: '2026-01-03T00:00',
    });
    expect(filter).toEqual({
      ref_type: 'node',
      name: 'created',
      actor_name: '~adm',
      created_at: `>=${new Date('2026-01-02T03:04').toISOString()}`,
      updated_at: `<=${new Date('2026-01-03T00:00').toISOString()}`,
    });
  });
});
