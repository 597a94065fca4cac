import { objectFields, type ResponseSchema } from '@federa/client';
import { describe, expect, it } from 'vitest';
import {
  applyLiveEvent,
  createdNeedsRefetch,
  insertPosition,
  isNewestFirst,
  matchesFilter,
} from './live-list.ts';

const items = (...names: string[]) => names.map((name): Item => ({ id: name, name }));

type Item = { id: string; name: string; [key: string]: unknown };
/** A record of the list: an id and a name, and whatever else it carries. */
const ItemSchema: ResponseSchema<Item> = {
  parse(value) {
    const fields = objectFields(value, 'an item');
    if (typeof fields.id !== 'string' || typeof fields.name !== 'string') throw new TypeError('not an item');
    return { ...fields, id: fields.id, name: fields.name };
  },
};
const list = (names: string[], offset = 0, total = names.length, limit = 10) => ({
  data: items(...names),
  meta: { total, limit, offset },
});

describe('insertPosition (should a created record appear in the page on screen?)', () => {
  it('puts it at the top of the first page when the list is sorted newest first', () => {
    const page = {
      items: items('a', 'b'),
      offset: 0,
      limit: 2,
      total: 5,
      sort: { created_at: 'DESC' as const },
    };
    expect(insertPosition(page, { id: 'n', name: 'n' })).toEqual({ at: 0 });
    expect(isNewestFirst({ updated_at: 'DESC' })).toBe(true);
    expect(isNewestFirst({ created_at: 'ASC' })).toBe(false);
  });

  it('leaves it out of a later page of a newest-first list', () => {
    const page = {
      items: items('a'),
      offset: 10,
      limit: 10,
      total: 11,
      sort: { created_at: 'DESC' as const },
    };
    expect(insertPosition(page, { id: 'n' })).toBeNull();
  });

  it('leaves it out of a full page sorted by something else', () => {
    const page = { items: items('a', 'c'), offset: 0, limit: 2, total: 4, sort: { name: 'ASC' as const } };
    expect(insertPosition(page, { id: 'b', name: 'b' })).toBeNull();
  });

  it('puts it at its sort position in a page that is not full', () => {
    const page = { items: items('a', 'c'), offset: 0, limit: 10, total: 2, sort: { name: 'ASC' as const } };
    expect(insertPosition(page, { id: 'b', name: 'b' })).toEqual({ at: 1 });
    expect(insertPosition(page, { id: 'z', name: 'z' })).toEqual({ at: 2 });
    expect(insertPosition({ ...page, sort: { name: 'DESC' } }, { id: 'z', name: 'z' })).toEqual({ at: 0 });
  });

  it('appends it to a page that is not full when the list has no sort', () => {
    expect(insertPosition({ items: items('a'), offset: 0, limit: 10, total: 1 }, { id: 'b' })).toEqual({
      at: 1,
    });
  });

  it('leaves out what belongs before a later, not full page', () => {
    const page = { items: items('m', 'n'), offset: 10, limit: 10, total: 12, sort: { name: 'ASC' as const } };
    expect(insertPosition(page, { id: 'a', name: 'a' })).toBeNull();
    expect(insertPosition(page, { id: 'z', name: 'z' })).toEqual({ at: 2 });
  });

  it('never inserts a record twice', () => {
    expect(insertPosition({ items: items('a'), offset: 0, limit: 10, total: 1 }, { id: 'a' })).toBeNull();
  });
});

describe('matchesFilter', () => {
  it('understands prefix, exact, in, negation and null filters', () => {
    const record = { id: '1', name: 'Alice', realm_id: 'r1', parent_id: null };
    expect(matchesFilter({ name: '~al' }, record)).toBe(true);
    expect(matchesFilter({ name: '~bo' }, record)).toBe(false);
    expect(matchesFilter({ realm_id: 'r1' }, record)).toBe(true);
    expect(matchesFilter({ realm_id: 'r2' }, record)).toBe(false);
    expect(matchesFilter({ realm_id: ['r2', 'r1'] }, record)).toBe(true);
    expect(matchesFilter({ realm_id: '!r1' }, record)).toBe(false);
    expect(matchesFilter({ parent_id: null }, record)).toBe(true);
  });
});

describe('applyLiveEvent', () => {
  it('inserts a created record where allowed and counts it', () => {
    const next = applyLiveEvent(list(['a', 'c']), 'created', { id: 'b', name: 'b' }, ItemSchema, {
      sort: { name: 'ASC' },
    });
    expect(next?.data.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(next?.meta.total).toBe(3);
  });

  it('keeps a newest-first first page at its size', () => {
    const start = list(['a', 'b'], 0, 5, 2);
    const next = applyLiveEvent(start, 'created', { id: 'n', name: 'n' }, ItemSchema, {
      sort: { created_at: 'DESC' },
    });
    expect(next?.data.map((item) => item.id)).toEqual(['n', 'a']);
    expect(next?.meta.total).toBe(6);
  });

  it('ignores a created record the search does not match', () => {
    const start = list(['alpha']);
    expect(
      applyLiveEvent(start, 'created', { id: 'b', name: 'beta' }, ItemSchema, { filter: { name: '~al' } }),
    ).toBe(start);
  });

  it('merges updates into the record shown and ignores others', () => {
    const start = list(['a', 'b']);
    const next = applyLiveEvent(start, 'updated', { id: 'b', display_name: 'Bee' }, ItemSchema);
    expect(next?.data[1]).toEqual({ id: 'b', name: 'b', display_name: 'Bee' });
    expect(applyLiveEvent(start, 'updated', { id: 'x', name: 'x' }, ItemSchema)).toBe(start);
  });

  it('gives up (the page is fetched again) on a record its schema does not read', () => {
    const start = list(['a', 'c']);
    expect(applyLiveEvent(start, 'created', { id: 'b', name: 42 }, ItemSchema)).toBeUndefined();
    expect(applyLiveEvent(start, 'updated', { id: 'a', name: null }, ItemSchema)).toBeUndefined();
  });

  it('removes deleted records and lowers the total', () => {
    const next = applyLiveEvent(list(['a', 'b']), 'deleted', { id: 'a' }, ItemSchema);
    expect(next?.data.map((item) => item.id)).toEqual(['b']);
    expect(next?.meta.total).toBe(1);
  });
});

describe('createdNeedsRefetch (a created record without the related names the list shows)', () => {
  const context = { filter: { node_realm_id: 'r1' }, include: ['analysis', 'node'] };
  const created = { id: 'x', node_realm_id: 'r1', analysis_id: 'a', node_id: 'n' };

  it('fetches the page again for a created record the list shows but whose relations are missing', () => {
    expect(createdNeedsRefetch('created', created, context)).toBe(true);
  });

  it('inserts the record itself when it brings its relations or the list includes none', () => {
    expect(createdNeedsRefetch('created', { ...created, analysis: {}, node: {} }, context)).toBe(false);
    expect(createdNeedsRefetch('created', created, { filter: context.filter })).toBe(false);
  });

  it('ignores records outside the filter, and updates, which keep the relations already shown', () => {
    expect(createdNeedsRefetch('created', { ...created, node_realm_id: 'r2' }, context)).toBe(false);
    expect(createdNeedsRefetch('updated', created, context)).toBe(false);
  });
});
