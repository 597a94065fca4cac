import { describe, expect, it } from 'vitest';
import { parseLogQuery } from './log-query.ts';

describe('log list queries', () => {
  it('separates column filters from label filters', () => {
    const parsed = parseLogQuery({
      'filter[level]': 'error,warn',
      'filter[time]': '>1700000000000000001',
      'filter[labels.node_id]': 'n1',
      'filter[analysis_id]': 'a1',
      'page[limit]': '20',
    });
    expect(parsed.filters.map((filter) => [filter.field, filter.operator])).toEqual([
      ['level', 'in'],
      ['time', 'gt'],
    ]);
    expect(parsed.filters[1]).toMatchObject({ value: '1700000000000000001' });
    expect(parsed.labels.map((filter) => [filter.field, filter.operator])).toEqual([
      ['node_id', 'eq'],
      ['analysis_id', 'eq'],
    ]);
    expect(parsed.page).toEqual({ limit: 20, offset: 0 });
    expect(parsed.sort).toEqual([
      { field: 'time', direction: 'ASC' },
      { field: 'id', direction: 'ASC' },
    ]);
  });

  it('ignores empty label filters and refuses ordering labels', () => {
    expect(parseLogQuery({ 'filter[analysis_id]': ' ' }).labels).toEqual([]);
    expect(() => parseLogQuery({ 'filter[analysis_id]': '>a' })).toThrow(/does not support/);
    expect(() => parseLogQuery({ 'filter[realm.name]': 'x' })).toThrow(/unknown filter/);
  });
});
