import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { consents } from '../db/consents.ts';
import { scopes } from '../db/identity.ts';

/** Whether the user approved at least these scopes for the client before. */
export async function hasConsent(
  db: Database,
  userId: string,
  clientId: string,
  requested: readonly string[],
): Promise<boolean> {
  const [row] = await db
    .select({ scope: consents.scope })
    .from(consents)
    .where(and(eq(consents.user_id, userId), eq(consents.client_id, clientId)));
  if (!row) return false;
  const approved = new Set(row.scope.split(' '));
  return requested.every((scope) => approved.has(scope));
}

/** Remembers an approval, adding the scopes to those approved before. */
export async function rememberConsent(
  db: Database,
  userId: string,
  clientId: string,
  approved: readonly string[],
): Promise<void> {
  const [row] = await db
    .select({ scope: consents.scope })
    .from(consents)
    .where(and(eq(consents.user_id, userId), eq(consents.client_id, clientId)));
  const scope = [...new Set([...(row?.scope.split(' ') ?? []), ...approved])].filter(Boolean).join(' ');
  await db
    .insert(consents)
    .values({ user_id: userId, client_id: clientId, scope })
    .onConflictDoUpdate({ target: [consents.user_id, consents.client_id], set: { scope } });
}

/** Name, display name and description of the requested scopes (the client's realm or global), for the consent page. */
export async function describeScopes(db: Database, names: readonly string[], realmId: string) {
  if (names.length === 0) return [];
  const rows = await db
    .select({
      name: scopes.name,
      display_name: scopes.display_name,
      description: scopes.description,
      built_in: scopes.built_in,
      realm_id: scopes.realm_id,
    })
    .from(scopes)
    .where(and(inArray(scopes.name, [...names]), or(isNull(scopes.realm_id), eq(scopes.realm_id, realmId))));
  // A realm's own scope wins over a global one of the same name.
  return names.map((name) => {
    const own = rows.find((row) => row.name === name && row.realm_id === realmId);
    const found = own ?? rows.find((row) => row.name === name);
    return {
      name,
      display_name: found?.display_name ?? null,
      description: found?.description ?? null,
      built_in: found?.built_in ?? false,
    };
  });
}
