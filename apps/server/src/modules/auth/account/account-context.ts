import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#platform/db/database.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { HttpError } from '#platform/http/errors.ts';
import type { Mailer } from '#platform/mail/index.ts';
import type { users } from '../db/identity.ts';
import { findRealm, type RealmRow } from '../realms/resolve-realm.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';

/** What the account flows need; built once per app. */
export interface AccountContext {
  db: Database;
  /** Base of the links in mails (PUBLIC_URL, where the web app is served). */
  publicUrl: string;
  mailer: Mailer | undefined;
  /** Account writes store their announcements with their change (docs/decisions/0100-transactional-outbox.md). */
  outbox: EventOutbox;
  log: FastifyBaseLogger;
}

/** The answer of a flow the operator has not enabled. */
export const featureDisabled = (message: string) => new HttpError(403, 'feature_disabled', message);

/** The realm named by id or name, the master realm when none is named; undefined when it does not exist. */
export function findAccountRealm(
  db: Database,
  realmKey: string | null | undefined,
): Promise<RealmRow | undefined> {
  return findRealm(db, realmKey || MASTER_REALM_NAME);
}

type UserRow = typeof users.$inferSelect;

/** The fields of a user the users API shows by default (no e-mail, no secrets). */
export function publicUser(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    name_locked: user.name_locked,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    avatar: user.avatar,
    cover: user.cover,
    active: user.active,
    status: user.status,
    status_message: user.status_message,
    realm_id: user.realm_id,
    client_id: user.client_id,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

/**
 * The announcement of an account change, as the users resource makes for its own writes; emitted
 * inside the write's transaction.
 */
export function userEvent(event: 'created' | 'updated' | 'deleted', user: UserRow): EntityEvent {
  return { type: 'user', event, data: publicUser(user), realmIds: [user.realm_id] };
}
