import { and, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { identityProviderRoleMappings } from '../db/identity.ts';
import { userRoles } from '../db/links.ts';
import { claimMatches } from './claim-pattern.ts';
import type { LinkedUser } from './accounts.ts';

type Mapping = typeof identityProviderRoleMappings.$inferSelect;

/**
 * Whether a mapping gives its role (true), takes it away (false) or leaves it alone (undefined) for
 * one sign-in (as in Authup): `once` mappings only act on the first sign-in; a mapping
 * without claim name or value always gives the role; otherwise the claims decide.
 */
function mappingDecision(mapping: Mapping, claims: unknown, firstSignIn: boolean): boolean | undefined {
  if (mapping.synchronization_mode === 'once' && !firstSignIn) return undefined;
  if (!mapping.name || !mapping.value) return true;
  return claimMatches(claims, mapping.name, mapping.value, mapping.value_is_regex);
}

/** Gives and takes the roles the provider's mappings decide on for a user who just signed in. */
export async function applyRoleMappings(
  db: Executor,
  providerId: string,
  user: LinkedUser,
  claims: Record<string, unknown>,
): Promise<void> {
  const mappings = await db
    .select()
    .from(identityProviderRoleMappings)
    .where(eq(identityProviderRoleMappings.provider_id, providerId));
  for (const mapping of mappings) {
    const decision = mappingDecision(mapping, claims, user.firstSignIn);
    if (decision === true) {
      await db
        .insert(userRoles)
        .values({
          user_id: user.id,
          user_realm_id: user.realm_id,
          role_id: mapping.role_id,
          role_realm_id: mapping.role_realm_id,
        })
        .onConflictDoNothing();
    } else if (decision === false) {
      await db
        .delete(userRoles)
        .where(and(eq(userRoles.user_id, user.id), eq(userRoles.role_id, mapping.role_id)));
    }
  }
}
