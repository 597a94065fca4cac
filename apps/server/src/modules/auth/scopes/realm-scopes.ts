import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { scopes } from '../db/identity.ts';
import { realmScopes } from '../db/consents.ts';
import { clientScopes } from '../db/links.ts';

/**
 * The built-in scopes every new realm offers its new clients as default scopes: what a standard
 * OpenID Connect client asks for (`openid`, `profile`, `email`) and the claims-only scopes. `global`
 * (the full session) is left out: a realm administrator may add it, as default or optional.
 */
export const REALM_DEFAULT_SCOPES = ['openid', 'profile', 'email', 'roles', 'identity'] as const;

/** Marks the built-in default scopes as default scopes of a realm (a new realm, or the master realm at first start). */
export async function assignRealmDefaultScopes(db: Executor, realmId: string): Promise<void> {
  const rows = await db
    .select({ id: scopes.id })
    .from(scopes)
    .where(and(isNull(scopes.realm_id), inArray(scopes.name, [...REALM_DEFAULT_SCOPES])));
  if (rows.length === 0) return;
  await db
    .insert(realmScopes)
    .values(
      rows.map((scope) => ({ realm_id: realmId, scope_id: scope.id, scope_realm_id: null, default: true })),
    )
    .onConflictDoNothing();
}

/**
 * Gives a new client its realm's client scopes: default ones as default scopes of the client,
 * optional ones to be requested by name. Only scopes of the realm or global ones qualify.
 */
export async function assignClientScopesOfRealm(
  db: Executor,
  client: { id: string; realm_id: string },
): Promise<void> {
  const rows = await db
    .select({ scope_id: realmScopes.scope_id, scope_realm_id: scopes.realm_id, default: realmScopes.default })
    .from(realmScopes)
    .innerJoin(scopes, eq(scopes.id, realmScopes.scope_id))
    .where(
      and(
        eq(realmScopes.realm_id, client.realm_id),
        or(isNull(scopes.realm_id), eq(scopes.realm_id, client.realm_id)),
      ),
    );
  if (rows.length === 0) return;
  await db
    .insert(clientScopes)
    .values(
      rows.map((row) => ({
        client_id: client.id,
        client_realm_id: client.realm_id,
        scope_id: row.scope_id,
        scope_realm_id: row.scope_realm_id,
        default: row.default,
      })),
    )
    .onConflictDoNothing();
}
