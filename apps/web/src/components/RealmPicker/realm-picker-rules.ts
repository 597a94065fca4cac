import type { SessionRealm } from '../../session/types.ts';

export interface RealmPickerContext {
  /** The signed-in identity's realm. */
  readonly realm: SessionRealm | undefined;
  /** The realm the admin screens work on (the user's own unless a master user switched). */
  readonly realmManagement: SessionRealm | undefined;
  /** A realm imposed by the page (e.g. a client created inside a realm): no picker then. */
  readonly fixedRealmId?: string | null;
  /** Editing an existing record: the realm of a record never changes afterwards. */
  readonly editing: boolean;
  /** The form may manage realms at all (the user form's `canManage`). */
  readonly canManage?: boolean;
}

/**
 * Realm picker rules (docs/product/identity-and-access.md §4 Forms): shown only when no fixed realm applies,
 * only when creating (roles, permissions and policies only on create; records keep their realm), only for
 * someone who can manage, and only to a master-realm user (who may pick any realm; everyone else uses their
 * own).
 */
export function isRealmPickerVisible({
  realm,
  fixedRealmId,
  editing,
  canManage = true,
}: RealmPickerContext): boolean {
  if (fixedRealmId) return false;
  if (editing || !canManage) return false;
  return realm?.name === 'master';
}

/** The realm a new record gets when nobody picks one: the fixed realm, the managed realm, else the user's. */
export function defaultRealmId({ realm, realmManagement, fixedRealmId }: RealmPickerContext): string | null {
  return fixedRealmId ?? realmManagement?.id ?? realm?.id ?? null;
}
