import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#platform/db/database.ts';
import { HttpError } from '#platform/http/errors.ts';
import { clients, scopes } from '../db/identity.ts';
import { clientScopes } from '../db/links.ts';
import { findRealm, UUID_PATTERN } from '../realms/resolve-realm.ts';
import { OAuthError } from './errors.ts';
import {
  CODE_CHALLENGE_METHODS,
  CODE_CHALLENGE_PATTERN,
  CODE_VERIFIER_PATTERN,
  type CodeChallengeMethod,
} from './pkce.ts';
import { matchRedirectUri } from './redirect-uri.ts';

/** The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3, OIDC `nonce`). */
export const AuthorizationRequestSchema = z.object({
  response_type: z.string().max(64),
  client_id: z.string().min(1).max(256),
  redirect_uri: z.string().min(1).max(2000),
  scope: z.string().max(512).nullish(),
  // Any non-empty state (RFC 6749 §4.1.1 sets no minimum; the original's 5 refused real clients).
  state: z.string().min(1).max(2048).nullish(),
  code_challenge: z
    .string()
    .max(256)
    .regex(
      CODE_CHALLENGE_PATTERN,
      'The code challenge may only contain A-Z, a-z, 0-9, "-", ".", "_" and "~".',
    )
    .nullish(),
  code_challenge_method: z.enum(CODE_CHALLENGE_METHODS).nullish(),
  nonce: z.string().min(1).max(512).nullish(),
  realm_id: z.string().max(128).nullish(),
});
export type AuthorizationRequest = z.infer<typeof AuthorizationRequestSchema>;

/** A request that passed every check, ready for the consent screen or for issuing a code. */
export interface ValidatedAuthorization {
  client: {
    id: string;
    name: string;
    display_name: string | null;
    realm_id: string;
    is_confidential: boolean;
    first_party: boolean;
  };
  scopes: string[];
  redirectUri: string;
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: CodeChallengeMethod | null;
  nonce: string | null;
}

// The authorization endpoint answers 400 for an unknown client: there is no client authentication to fail (401) yet.
const unknownClient = () =>
  new HttpError(400, 'invalid_client', 'The client does not exist or is inactive.', {
    oauthError: 'invalid_client',
  });

const invalidScope = (message: string) =>
  new HttpError(400, 'invalid_scope', message, { oauthError: 'invalid_scope' });

/** Exactly one active client with that id, or that name (in the given realm); else invalid_client. */
async function findClient(db: Database, clientId: string, realmKey: string | null | undefined) {
  const realm = realmKey ? await findRealm(db, realmKey) : undefined;
  if (realmKey && !realm) throw unknownClient();
  const byKey = UUID_PATTERN.test(clientId) ? eq(clients.id, clientId) : eq(clients.name, clientId);
  const found = await db
    .select({
      id: clients.id,
      name: clients.name,
      display_name: clients.display_name,
      realm_id: clients.realm_id,
      is_confidential: clients.is_confidential,
      first_party: clients.first_party,
      active: clients.active,
      redirect_uri: clients.redirect_uri,
    })
    .from(clients)
    .where(realm ? and(byKey, eq(clients.realm_id, realm.id)) : byKey)
    .limit(2);
  // The same name in two realms is ambiguous without realm_id; guessing could hand a code to the wrong client.
  if (found.length !== 1 || !found[0]!.active) throw unknownClient();
  return found[0]!;
}

/** The scopes assigned to a client (`auth_client_scopes`), with whether each is a default. */
async function clientScopeNames(db: Database, clientId: string) {
  return db
    .select({ name: scopes.name, default: clientScopes.default })
    .from(clientScopes)
    .innerJoin(scopes, eq(scopes.id, clientScopes.scope_id))
    .where(eq(clientScopes.client_id, clientId));
}

/**
 * The scopes to grant: the requested ones, each of which the client must have been assigned (`global`
 * is no exception, unlike in the original), or without a request the client's default scopes, or all
 * of its scopes when none is marked default.
 */
async function resolveScopes(
  db: Database,
  clientId: string,
  requested: string | null | undefined,
): Promise<string[]> {
  const assigned = await clientScopeNames(db, clientId);
  const names = [...new Set((requested ?? '').split(/\s+/).filter(Boolean))];
  if (names.length === 0) {
    const defaults = assigned.filter((scope) => scope.default);
    const granted = [...new Set((defaults.length > 0 ? defaults : assigned).map((scope) => scope.name))];
    if (granted.length === 0)
      throw invalidScope('No scope was requested and the client has no scopes assigned.');
    return granted;
  }
  const allowed = new Set(assigned.map((scope) => scope.name));
  if (!names.every((name) => allowed.has(name))) throw OAuthError.insufficientScope();
  return names;
}

/** The PKCE parameters, checked; public clients cannot prove who they are at the token endpoint, so they must use PKCE. */
function resolveCodeChallenge(request: AuthorizationRequest, isConfidential: boolean) {
  const challenge = request.code_challenge ?? null;
  if (!challenge) {
    if (request.code_challenge_method) {
      throw OAuthError.invalidRequest('The parameter code_challenge_method requires a code_challenge.');
    }
    if (!isConfidential)
      throw OAuthError.invalidRequest('A public client must send a code_challenge (PKCE).');
    return { codeChallenge: null, codeChallengeMethod: null };
  }
  // RFC 7636 §4.3: plain is the default method.
  const method = request.code_challenge_method ?? 'plain';
  const wellFormed =
    method === 'S256' ? /^[A-Za-z0-9_-]{43}$/.test(challenge) : CODE_VERIFIER_PATTERN.test(challenge);
  if (!wellFormed) {
    throw OAuthError.invalidRequest(
      method === 'S256'
        ? 'The code challenge must be the base64url-encoded SHA-256 hash of the code verifier (43 characters).'
        : 'A plain code challenge must be 43 to 128 characters long.',
    );
  }
  return { codeChallenge: challenge, codeChallengeMethod: method };
}

/**
 * Checks an authorization request (RFC 6749 §4.1.1): response type, client, redirect URI, scopes and
 * PKCE. Errors are answered, never redirected: an unchecked redirect URI must not receive anything.
 */
export async function validateAuthorizationRequest(
  db: Database,
  request: AuthorizationRequest,
): Promise<ValidatedAuthorization> {
  if (request.response_type !== 'code') {
    throw new HttpError(400, 'unsupported_response_type', 'Only the response type "code" is supported.', {
      oauthError: 'unsupported_response_type',
    });
  }
  const client = await findClient(db, request.client_id, request.realm_id);
  if (!matchRedirectUri(request.redirect_uri, client.redirect_uri)) throw OAuthError.redirectUriMismatch();
  const pkce = resolveCodeChallenge(request, client.is_confidential);
  const granted = await resolveScopes(db, client.id, request.scope);
  return {
    client: {
      id: client.id,
      name: client.name,
      display_name: client.display_name,
      realm_id: client.realm_id,
      is_confidential: client.is_confidential,
      first_party: client.first_party,
    },
    scopes: granted,
    redirectUri: request.redirect_uri,
    state: request.state ?? null,
    ...pkce,
    nonce: request.nonce ?? null,
  };
}
