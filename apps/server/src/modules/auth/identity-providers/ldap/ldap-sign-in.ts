import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import { identityProviders } from '../../db/identity.ts';
import { linkAccount, type LinkedUser } from '../accounts.ts';
import { applyRoleMappings } from '../role-mappings.ts';
import type { SecretBox } from '../../crypto/secret-box.ts';
import { openProviderConfig } from '../provider-secrets.ts';
import { readLdapSettings } from '../settings.ts';
import { authenticateLdapUser } from './ldap-directory.ts';

export interface LdapCredentials {
  username: string;
  password: string;
  /** Only providers of this realm are tried; every realm's when absent. */
  realmId?: string | undefined;
}

/**
 * The password grant's fallback (as in Authup): tries the credentials against every enabled
 * LDAP provider, oldest first, and returns the local user of the first directory that accepts them,
 * linked or created in that provider's realm, with the provider's role mappings applied (the
 * user's LDAP groups are the claim `groups`). Undefined when no directory accepts them; a directory
 * that cannot be asked (unreachable, service account refused, StartTLS refused) is passed over.
 */
export async function signInWithLdap(
  db: Database,
  credentials: LdapCredentials,
  secrets: SecretBox,
): Promise<LinkedUser | undefined> {
  const conditions: SQL[] = [eq(identityProviders.protocol, 'ldap'), eq(identityProviders.enabled, true)];
  if (credentials.realmId) conditions.push(eq(identityProviders.realm_id, credentials.realmId));
  const providers = await db
    .select({
      id: identityProviders.id,
      realm_id: identityProviders.realm_id,
      config: identityProviders.config,
    })
    .from(identityProviders)
    .where(and(...conditions))
    .orderBy(asc(identityProviders.created_at), asc(identityProviders.id));

  for (const provider of providers) {
    let directoryUser;
    try {
      directoryUser = await authenticateLdapUser(
        readLdapSettings(await openProviderConfig(db, secrets, provider)),
        credentials.username,
        credentials.password,
      );
    } catch {
      continue;
    }
    if (!directoryUser) continue;

    const user = await linkAccount(db, provider, {
      id: directoryUser.id,
      names: [directoryUser.name, credentials.username].filter((name): name is string => !!name),
      email: directoryUser.email,
      displayName: directoryUser.displayName,
    });
    await applyRoleMappings(db, provider.id, user, {
      ...directoryUser.attributes,
      dn: directoryUser.dn,
      groups: directoryUser.groups,
    });
    return user;
  }
  return undefined;
}
