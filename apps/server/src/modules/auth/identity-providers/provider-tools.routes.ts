import {
  IdentityPermissionName as P,
  LdapConnectionTestSchema,
  ProviderDiscoverySchema,
  type LdapConnectionTest,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InvalidCredentialsError, NoSuchObjectError, SizeLimitExceededError, type Entry } from 'ldapts';
import { z } from 'zod';
import type { Database } from '#platform/db/index.ts';
import { badRequest, HttpError, notFound } from '#platform/http/errors.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { identityProviders } from '../db/identity.ts';
import { requireIdentity } from '../identity/authenticate.ts';
import type { Authorizer } from '../permissions/authorizer.ts';
import { UUID_PATTERN } from '../realms/resolve-realm.ts';
import { connectAsServiceAccount, userFilterTemplate } from './ldap/ldap-directory.ts';
import { openProviderConfig } from './provider-secrets.ts';
import { readLdapSettings } from './settings.ts';

const DISCOVERY_TIMEOUT_MS = 10_000;
/** A discovery document is a few kilobytes; anything much larger is not one. */
const DISCOVERY_MAX_BYTES = 512 * 1024;
/** Entries a connection test reads at most (it reports that there are more). */
const TEST_SEARCH_LIMIT = 50;

const lookupFailed = (message: string) =>
  new HttpError(400, 'discovery_failed', `Lookup failed with: ${message}`);

/** Fetches an OpenID Connect discovery document on the server, where no CORS rules apply. */
async function fetchDiscovery(url: string) {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'follow',
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    throw lookupFailed(cause ?? (error instanceof Error ? error.message : String(error)));
  }
  if (!response.ok) throw lookupFailed(`${response.status} ${response.statusText}`.trim());
  const text = await response.text();
  if (text.length > DISCOVERY_MAX_BYTES) throw lookupFailed('The document is too large.');
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw lookupFailed('The answer is not a JSON document.');
  }
  const { authorization_endpoint: authorize, token_endpoint: token, userinfo_endpoint: userInfo } = document;
  if (typeof authorize !== 'string' || typeof token !== 'string') {
    throw lookupFailed('The document names no authorization and token endpoints.');
  }
  return {
    issuer: typeof document.issuer === 'string' ? document.issuer : null,
    authorize_url: authorize,
    token_url: token,
    user_info_url: typeof userInfo === 'string' ? userInfo : null,
  };
}

/** What went wrong with the directory, in words (ldapts says only "Code: 0x31" for many errors). */
function describeLdapError(error: unknown): string {
  if (error instanceof InvalidCredentialsError)
    return "The directory refused the service account's credentials.";
  if (error instanceof NoSuchObjectError) return 'The base DN does not exist in the directory.';
  const message = error instanceof Error ? error.message.trim() : String(error);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code))
    return `The directory cannot be reached (${message}).`;
  return error instanceof Error ? `${error.name}: ${message}` : message;
}

/**
 * Helpers of the identity-provider forms, for those who may create or change providers:
 * `POST /identity-providers/discovery` reads an OIDC discovery document on the server (browsers
 * cannot, for providers without CORS headers), and `POST /identity-providers/{id}/test` checks an
 * LDAP provider: it binds with the service account, searches the users, and reports what it found.
 */
export function registerProviderToolRoutes(
  app: FastifyInstance,
  options: { db: Database; authorizer: Authorizer; secrets: SecretBox },
): void {
  const { db, authorizer, secrets } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identity-providers'];
  const managers = [P.IDENTITY_PROVIDER_CREATE, P.IDENTITY_PROVIDER_UPDATE];

  typed.post(
    '/identity-providers/discovery',
    {
      schema: {
        tags,
        summary: 'Read an OpenID Connect discovery document (fills the authorize and token URLs)',
        body: z.object({ url: z.url({ protocol: /^https?$/ }).max(2000) }).strict(),
        security: [{ bearer: [] }],
        response: { 200: ProviderDiscoverySchema },
      },
    },
    async (request) => {
      requireIdentity(request);
      await authorizer.preCheck(request, managers);
      return fetchDiscovery(request.body.url);
    },
  );

  typed.post(
    '/identity-providers/:id/test',
    {
      schema: {
        tags,
        summary: 'Test the connection of an LDAP provider: bind, search the users, report',
        params: z.object({ id: z.string().max(64) }),
        security: [{ bearer: [] }],
        response: { 200: LdapConnectionTestSchema },
      },
    },
    async (request): Promise<LdapConnectionTest> => {
      requireIdentity(request);
      const [provider] = UUID_PATTERN.test(request.params.id)
        ? await db.select().from(identityProviders).where(eq(identityProviders.id, request.params.id))
        : [];
      if (!provider) throw notFound('The identity provider was not found.');
      await authorizer.check(request, [P.IDENTITY_PROVIDER_UPDATE], provider);
      if (provider.protocol !== 'ldap') throw badRequest('Only an LDAP provider can be tested this way.');

      const settings = readLdapSettings(await openProviderConfig(db, secrets, provider));
      let client;
      try {
        client = await connectAsServiceAccount(settings);
      } catch (error) {
        return { ok: false, step: 'bind', message: describeLdapError(error) };
      }
      try {
        // Every user the sign-in filter could find: the typed name replaced by a wildcard.
        const filter = userFilterTemplate(settings).replace(/\{\{?(?:username|input)\}?\}/g, '*');
        const baseDn = settings.user_base_dn ?? settings.base_dn;
        const nameAttribute = settings.user_name_attribute ?? 'uid';
        let entries: Entry[];
        let more = false;
        try {
          ({ searchEntries: entries } = await client.search(baseDn, {
            scope: 'sub',
            filter,
            attributes: [nameAttribute],
            sizeLimit: TEST_SEARCH_LIMIT,
          }));
        } catch (error) {
          if (!(error instanceof SizeLimitExceededError)) {
            return { ok: false, step: 'search', message: describeLdapError(error) };
          }
          entries = [];
          more = true;
        }
        const names = entries
          .map(
            (entry) =>
              entry[nameAttribute] ??
              entry[
                Object.keys(entry).find((key) => key.toLowerCase() === nameAttribute.toLowerCase()) ?? ''
              ],
          )
          .map((value) => (Array.isArray(value) ? value[0] : value))
          .filter((value): value is string => typeof value === 'string');
        return {
          ok: true,
          base_dn: baseDn,
          filter,
          users_found: entries.length,
          more,
          users: names.sort().slice(0, 10),
        };
      } finally {
        await client.unbind().catch(() => undefined);
      }
    },
  );
}
