import { describe, expect, it } from 'vitest';
import { offsetOfPage, pageStateOf, visiblePages } from './pagination-range.ts';

describe('pagination range', () => {
  it('offers two pages before and one after the current page', () => {
    expect(visiblePages({ page: 5, pageCount: 10 })).toEqual([3, 4, 5, 6]);
    expect(visiblePages({ page: 1, pageCount: 10 })).toEqual([1, 2]);
    expect(visiblePages({ page: 2, pageCount: 10 })).toEqual([1, 2, 3]);
    expect(visiblePages({ page: 10, pageCount: 10 })).toEqual([8, 9, 10]);
    expect(visiblePages({ page: 1, pageCount: 1 })).toEqual([1]);
  });

  it('derives page and page count from a list window, with at least one page', () => {
    expect(pageStateOf({ total: 95, limit: 10, offset: 40 })).toEqual({ page: 5, pageCount: 10 });
    expect(pageStateOf({ total: 0, limit: 10, offset: 0 })).toEqual({ page: 1, pageCount: 1 });
    expect(pageStateOf({ total: 10, limit: 10, offset: 0 })).toEqual({ page: 1, pageCount: 1 });
    expect(pageStateOf({ total: 11, limit: 10, offset: 10 })).toEqual({ page: 2, pageCount: 2 });
    expect(pageStateOf({ total: 30, limit: 10, offset: 500 })).toEqual({ page: 3, pageCount: 3 });
  });

  it('turns a page back into an offset', () => {
    expect(offsetOfPage(1, 10)).toBe(0);
    expect(offsetOfPage(4, 50)).toBe(150);
  });
});
