import { EMAIL_PATTERN, NAME_PATTERN, RESERVED_USER_NAME_PREFIXES } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import { withTransaction, type Database } from '#platform/db/index.ts';
import { generateName } from '../crypto/secrets.ts';
import { identityProviderAccounts, users } from '../db/identity.ts';

/** Who signed in, as the upstream provider (OAuth2/OIDC claims or an LDAP entry) describes them. */
export interface ExternalIdentity {
  /** Stable id at the provider (OIDC `sub`, LDAP entryUUID or DN). */
  id: string;
  /** Candidate local user names, best first; invalid or taken ones are skipped. */
  names: string[];
  email?: string | undefined;
  displayName?: string | undefined;
}

export interface LinkedUser {
  id: string;
  name: string;
  realm_id: string;
  active: boolean;
  /** The account was linked by this sign-in (the first one): `once` role mappings apply. */
  firstSignIn: boolean;
}

interface ProviderRef {
  id: string;
  realm_id: string;
}

function usableName(name: string): boolean {
  return (
    name.length >= 3 &&
    name.length <= 128 &&
    NAME_PATTERN.test(name) &&
    !RESERVED_USER_NAME_PREFIXES.some((prefix) => name.toLowerCase().startsWith(prefix))
  );
}

const cleanEmail = (email: string | undefined) =>
  email && email.length <= 255 && EMAIL_PATTERN.test(email) ? email : null;

const cleanDisplayName = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length >= 3 && trimmed.length <= 256 ? trimmed : undefined;
};

/** The name the provider knows the account by, for administrators looking at the link. */
const accountName = (identity: ExternalIdentity) => identity.names[0]?.slice(0, 256) ?? null;

/** Another sign-in of the same account linked it first; the caller reads that link instead. */
class AccountRace extends Error {}

/**
 * The local user of an external account (as Authup links them): the one linked to (provider, id)
 * before, else a new user in the provider's realm, named after the first free candidate (or a
 * generated name). An existing local user is never taken over, not even with the same e-mail
 * address: that would let whoever controls the upstream account sign in as someone else.
 */
export async function linkAccount(
  db: Database,
  provider: ProviderRef,
  identity: ExternalIdentity,
): Promise<LinkedUser> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await findLinkedUser(db, provider.id, identity.id);
    if (existing) {
      await db
        .update(identityProviderAccounts)
        .set({ provider_user_name: accountName(identity), provider_user_email: cleanEmail(identity.email) })
        .where(
          and(
            eq(identityProviderAccounts.provider_id, provider.id),
            eq(identityProviderAccounts.provider_user_id, identity.id),
          ),
        );
      return { ...existing, firstSignIn: false };
    }
    try {
      return await createLinkedUser(db, provider, identity);
    } catch (error) {
      if (!(error instanceof AccountRace)) throw error;
    }
  }
  throw new Error('The external account could not be linked.');
}

async function findLinkedUser(db: Database, providerId: string, externalId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, realm_id: users.realm_id, active: users.active })
    .from(identityProviderAccounts)
    .innerJoin(users, eq(users.id, identityProviderAccounts.user_id))
    .where(
      and(
        eq(identityProviderAccounts.provider_id, providerId),
        eq(identityProviderAccounts.provider_user_id, externalId),
      ),
    );
  return row;
}

function createLinkedUser(
  db: Database,
  provider: ProviderRef,
  identity: ExternalIdentity,
): Promise<LinkedUser> {
  return withTransaction(db, async (tx) => {
    const email = cleanEmail(identity.email);
    const candidates = [
      ...new Set(identity.names.map((name) => name.trim()).filter(usableName)),
      generateName(),
    ];
    let user: { id: string; name: string } | undefined;
    for (const name of candidates) {
      // A taken name is skipped without an error, which would abort the transaction.
      [user] = await tx
        .insert(users)
        .values({
          name,
          name_locked: false,
          display_name: cleanDisplayName(identity.displayName) ?? name,
          email,
          active: true,
          realm_id: provider.realm_id,
        })
        .onConflictDoNothing()
        .returning({ id: users.id, name: users.name });
      if (user) break;
    }
    if (!user) throw new Error('No free user name was found.');
    const linked = await tx
      .insert(identityProviderAccounts)
      .values({
        provider_id: provider.id,
        provider_realm_id: provider.realm_id,
        provider_user_id: identity.id,
        provider_user_name: accountName(identity),
        provider_user_email: email,
        user_id: user.id,
        user_realm_id: provider.realm_id,
      })
      .onConflictDoNothing()
      .returning({ id: identityProviderAccounts.id });
    // Rolling back also removes the user created above.
    if (linked.length === 0) throw new AccountRace();
    return { id: user.id, name: user.name, realm_id: provider.realm_id, active: true, firstSignIn: true };
  });
}
