import { eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import type { EntityEventActor } from '#platform/events/domain-events.ts';
import { clients, robots, users } from '../db/identity.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ACCOUNT_TABLES = { user: users, robot: robots, client: clients } as const;

/**
 * The account name of the user, robot or client that acted, for the audit trail (events carry it as
 * `actor_name`, so they still say who acted after the account is renamed or deleted); undefined for
 * an unknown type or an account that does not exist.
 */
export function actorNameLookup(db: Executor): (actor: EntityEventActor) => Promise<string | undefined> {
  return async (actor) => {
    const table = ACCOUNT_TABLES[actor.type as keyof typeof ACCOUNT_TABLES] as
      (typeof ACCOUNT_TABLES)[keyof typeof ACCOUNT_TABLES] | undefined;
    if (!table || !UUID.test(actor.id)) return undefined;
    const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, actor.id)).limit(1);
    return row?.name;
  };
}
