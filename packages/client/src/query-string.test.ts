import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string.ts';

describe('buildQueryString', () => {
  it('is empty without options', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({})).toBe('');
  });

  it('writes every option in the syntax the APIs parse', () => {
    const query = buildQueryString({
      filter: { name: '~abc', id: ['a', 'b'], realm_id: null, active: true },
      fields: ['id', '+secret'],
      include: ['realm', 'project'],
      sort: { updated_at: 'DESC', name: 'ASC' },
      page: { limit: 10, offset: 20 },
    });
    expect(decodeURIComponent(query)).toBe(
      '?filter[name]=~abc&filter[id]=a,b&filter[realm_id]=null&filter[active]=true' +
        '&fields=id,+secret&include=realm,project&sort=-updated_at,name&page[limit]=10&page[offset]=20',
    );
  });

  it('encodes values so they cannot break out of their parameter', () => {
    const query = buildQueryString({ filter: { name: 'a&sort=x#y' } });
    const params = new URLSearchParams(query);
    expect([...params.keys()]).toEqual(['filter[name]']);
    expect(params.get('filter[name]')).toBe('a&sort=x#y');
  });
});
