import { PgDialect, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/index.ts';
import { Authorizer } from './authorizer.ts';

const links = pgTable('links', {
  id: uuid('id').primaryKey(),
  left_realm_id: uuid('left_realm_id'),
  right_realm_id: uuid('right_realm_id'),
});
const authorizer = new Authorizer({} as Database);
const dialect = new PgDialect();
const requestOf = (realmName: string) =>
  ({
    identity: { realmId: 'r-1', realmName, type: 'user', id: 'u', scopes: ['global'] },
  }) as unknown as FastifyRequest;
const render = (request: FastifyRequest, columns: Parameters<Authorizer['visibleRows']>[1]) => {
  const condition = authorizer.visibleRows(request, columns);
  return condition ? dialect.sqlToQuery(condition) : undefined;
};

describe('Authorizer.visibleRows', () => {
  it('confines non-master identities to their realm on one column', () => {
    expect(render(requestOf('acme'), links.left_realm_id)).toMatchObject({
      sql: '"links"."left_realm_id" = $1',
      params: ['r-1'],
    });
  });

  it('shows a two-sided record when either realm column is the caller realm', () => {
    expect(render(requestOf('acme'), [links.left_realm_id, links.right_realm_id])).toMatchObject({
      sql: '("links"."left_realm_id" = $1 or "links"."right_realm_id" = $2)',
      params: ['r-1', 'r-1'],
    });
  });

  it('does not restrict the master realm or anonymous callers', () => {
    expect(render(requestOf('master'), [links.left_realm_id, links.right_realm_id])).toBeUndefined();
    expect(render(requestOf('master'), undefined)).toBeUndefined();
    expect(render({ identity: undefined } as unknown as FastifyRequest, links.left_realm_id)).toBeUndefined();
  });

  it('shows records of no realm (registries) to the master realm only', () => {
    expect(render(requestOf('acme'), undefined)).toMatchObject({ sql: 'false' });
    expect(render(requestOf('acme'), [])).toMatchObject({ sql: 'false' });
  });
});
