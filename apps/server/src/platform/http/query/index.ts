export { defineResourceQuery } from './definition.ts';
export type { ColumnName, RelationConfig, ResourceQuery, ResourceQueryConfig } from './definition.ts';
export type { AnyPgDatabase } from './database.ts';
export { filtersToSql } from './filter-sql.ts';
export { parseListQuery, parseReadQuery } from './parse.ts';
export { findFilter } from './parse-filter.ts';
export { runListQuery, runReadQuery } from './run.ts';
export type { RunListOptions } from './run.ts';
export type * from './types.ts';
