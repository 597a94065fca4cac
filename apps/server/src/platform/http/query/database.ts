import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any Drizzle PostgreSQL database or transaction, whichever driver is underneath. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema type is irrelevant here
export type AnyPgDatabase = PgDatabase<PgQueryResultHKT, any>;
