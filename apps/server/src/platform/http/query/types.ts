import type { SortDirection } from '@federa/schemas';

/** A filter value after coercion to the column's type (timestamps become Date, bigints stay strings). */
export type FilterScalar = string | number | boolean | Date;

export type ComparisonOperator = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte';

/** Where a `~` sits in a like filter: `~abc` prefix, `abc~` suffix, `~abc~` contains. */
export type LikeMatch = 'prefix' | 'suffix' | 'contains';

interface FilterBase {
  /** The query parameter the filter came from, e.g. `filter[realm.name]`. */
  parameter: string;
  /** Column property of the resource table, or of the relation's table when `relation` is set. */
  field: string;
  /** Declared relation name for dotted filters (`filter[realm.name]`). */
  relation?: string;
}

export type ParsedFilter =
  | (FilterBase & { operator: ComparisonOperator; value: FilterScalar })
  | (FilterBase & { operator: 'in' | 'notIn'; values: FilterScalar[]; orNull: boolean })
  | (FilterBase & { operator: 'like' | 'notLike'; match: LikeMatch; values: string[] })
  | (FilterBase & { operator: 'isNull' | 'isNotNull' });

export type FilterOperator = ParsedFilter['operator'];

export interface ParsedSort {
  field: string;
  direction: SortDirection;
}

export interface ParsedInclude {
  relation: string;
  /** Columns of the related table to return; always contains the relation's foreign key. */
  fields: string[];
}

/** What a single read honours: which columns and which relations. */
export interface ParsedSelection {
  /** Columns of the resource table to return, `id` first. */
  fields: string[];
  include: ParsedInclude[];
}

export interface ParsedPage {
  limit: number;
  offset: number;
  /**
   * `page[after]`: the sort values of the last row of the previous page (keyset pagination); empty
   * for the first page in keyset mode.
   */
  after?: string[];
}

export interface ParsedListQuery extends ParsedSelection {
  filters: ParsedFilter[];
  /** The requested order followed by the `id` tiebreaker. */
  sort: ParsedSort[];
  page: ParsedPage;
}
