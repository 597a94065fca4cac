import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../../platform/http/errors.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { SubjectKind } from '../tokens/claims.ts';
import { TokenError } from '../tokens/errors.ts';
import type { TokenService } from '../tokens/token-service.ts';
import { findSubject } from './subjects.ts';

/** Who sent a request, as established from its access token. */
export interface RequestIdentity {
  type: SubjectKind;
  id: string;
  realmId: string;
  realmName: string;
  clientId: string | null;
  scopes: string[];
  /** jti of the access token, e.g. to revoke it. */
  tokenId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: RequestIdentity | undefined;
  }
  interface FastifyContextConfig {
    /** Set to false on endpoints that read credentials themselves (the OAuth2 token endpoints). */
    authenticate?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * The bearer token of a request: the Authorization header, or the `access_token` cookie for safe
 * requests only, so a download opened in a new tab works without opening a CSRF hole.
 */
function readBearerToken(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const [scheme, value, ...rest] = header.trim().split(/\s+/);
    if (!scheme || scheme.toLowerCase() !== 'bearer') {
      throw new HttpError(
        400,
        'unsupported_auth_header_type',
        'The authorization header type is not supported.',
      );
    }
    if (!value || rest.length > 0) throw TokenError.invalid();
    return { token: value, fromCookie: false };
  }
  const cookie = SAFE_METHODS.has(request.method) ? request.cookies?.access_token : undefined;
  return cookie ? { token: cookie, fromCookie: true } : undefined;
}

/**
 * Establishes `request.identity` for every request that carries an access token. A token sent in
 * the Authorization header that is invalid, expired, revoked or whose subject is gone or inactive
 * fails the request; it never falls back to anonymous. A stale `access_token` cookie, which the
 * browser keeps sending on its own, only makes the request anonymous, so it can never lock anyone
 * out of the web app.
 */
export function registerAuthentication(app: FastifyInstance, db: Database, tokens: TokenService): void {
  app.decorateRequest('identity', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.authenticate === false) return;
    const credential = readBearerToken(request);
    if (!credential) return;
    try {
      request.identity = await identityFromAccessToken(db, tokens, credential.token);
    } catch (error) {
      if (!credential.fromCookie) throw error;
    }
  });
}

/**
 * Verifies an access token and checks that its subject still exists and is active; shared by HTTP
 * requests and realtime connections so both accept exactly the same tokens.
 */
export async function identityFromAccessToken(
  db: Database,
  tokens: TokenService,
  token: string,
): Promise<RequestIdentity & { expiresAt: number }> {
  const claims = await tokens.verify(token, 'access_token');
  const subject = await findSubject(db, claims.sub_kind, claims.sub);
  if (!subject) throw new HttpError(401, 'entity_not_found', 'The token subject does not exist anymore.');
  if (!subject.active)
    throw new HttpError(401, 'entity_inactive', `The ${claims.sub_kind} account is inactive.`);
  return {
    type: claims.sub_kind,
    id: claims.sub,
    realmId: claims.realm_id,
    realmName: claims.realm_name,
    clientId: claims.client_id ?? null,
    scopes: claims.scope.split(/\s+/).filter(Boolean),
    tokenId: claims.jti,
    expiresAt: claims.exp * 1000,
  };
}

/** The identity of a request that must be signed in; a 401 otherwise. */
export function requireIdentity(request: FastifyRequest): RequestIdentity {
  if (!request.identity) throw new HttpError(401, 'unauthorized', 'You must be signed in to do this.');
  return request.identity;
}
