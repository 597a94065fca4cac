/** Pages shown before and after the current one. */
export const PAGES_BEFORE = 2;
export const PAGES_AFTER = 1;

export interface PageState {
  /** 1-based current page, clamped into `1..pageCount`. */
  readonly page: number;
  /** Number of pages, at least 1 (an empty list still has one page). */
  readonly pageCount: number;
}

/** Page state of a list window (`meta` of a list response: total, limit, offset). */
export function pageStateOf({
  total,
  limit,
  offset,
}: {
  total: number;
  limit: number;
  offset: number;
}): PageState {
  const size = Math.max(1, Math.floor(limit));
  const pageCount = Math.max(1, Math.ceil(Math.max(0, total) / size));
  const page = Math.min(pageCount, Math.max(1, Math.floor(Math.max(0, offset) / size) + 1));
  return { page, pageCount };
}

/** The page numbers to offer: two before the current page, the current page and one after it. */
export function visiblePages({ page, pageCount }: PageState): number[] {
  const first = Math.max(1, page - PAGES_BEFORE);
  const last = Math.min(pageCount, page + PAGES_AFTER);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** The offset of the first item of a page. */
export function offsetOfPage(page: number, limit: number): number {
  return (page - 1) * Math.max(1, Math.floor(limit));
}
