import { z } from 'zod';

/** `POST /auth/identity-providers/discovery`: the endpoints an OIDC discovery document names. */
export const ProviderDiscoverySchema = z.object({
  issuer: z.string().nullable(),
  authorize_url: z.string(),
  token_url: z.string(),
  user_info_url: z.string().nullable(),
});
export type ProviderDiscovery = z.infer<typeof ProviderDiscoverySchema>;

/**
 * `POST /auth/identity-providers/{id}/test`: an LDAP provider's connection test. It failed at the
 * bind or the search (with the reason), or it tells what the sign-in filter finds (at most ten names).
 */
export const LdapConnectionTestSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(false), step: z.enum(['bind', 'search']), message: z.string() }),
  z.object({
    ok: z.literal(true),
    base_dn: z.string(),
    filter: z.string(),
    users_found: z.number().int().nonnegative(),
    more: z.boolean(),
    users: z.array(z.string()),
  }),
]);
export type LdapConnectionTest = z.infer<typeof LdapConnectionTestSchema>;
