import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '#platform/http/errors.ts';
import type { Database } from '#platform/db/database.ts';
import type { SubjectKind } from '../tokens/claims.ts';
import { TokenError } from '../tokens/errors.ts';
import type { TokenService } from '../tokens/token-service.ts';
import {
  basicAuthEnabled,
  identityFromBasic,
  parseBasicCredentials,
  type BasicAuthSettings,
} from './basic.ts';

/** Who sent a request, as established from its access token. */
export interface RequestIdentity {
  type: SubjectKind;
  id: string;
  /**
   * The account's name as the database had it when the request was authenticated, for the audit
   * trail; absent where authentication did not read it (HTTP Basic).
   */
  name?: string;
  realmId: string;
  realmName: string;
  clientId: string | null;
  scopes: string[];
  /** jti of the access token, e.g. to revoke it; absent for HTTP Basic, which has no token. */
  tokenId?: string;
  /**
   * The access version (auth_access_version) read while this identity was established; permission
   * data cached at this version is current. Undefined: nothing may come from the cache.
   */
  accessVersion?: number | undefined;
  /** The users version read along with it, for cached pages of the user list; same rules. */
  usersVersion?: number | undefined;
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

type Credential =
  { kind: 'bearer'; token: string; fromCookie: boolean } | { kind: 'basic'; name: string; secret: string };

/**
 * The credential of a request: the Authorization header (Bearer, or Basic where enabled), or the
 * `access_token` cookie for safe requests only, so a download opened in a new tab works without
 * opening a CSRF hole.
 */
function readCredential(request: FastifyRequest, basic: BasicAuthSettings): Credential | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const [scheme, value, ...rest] = header.trim().split(/\s+/);
    const type = scheme?.toLowerCase();
    if (type === 'basic' && basicAuthEnabled(basic)) {
      if (rest.length > 0) throw new HttpError(401, 'invalid_credentials', 'The credentials are invalid.');
      return { kind: 'basic', ...parseBasicCredentials(value) };
    }
    if (type !== 'bearer') {
      throw new HttpError(
        400,
        'unsupported_auth_header_type',
        'The authorization header type is not supported.',
      );
    }
    if (!value || rest.length > 0) throw TokenError.invalid();
    return { kind: 'bearer', token: value, fromCookie: false };
  }
  const cookie = SAFE_METHODS.has(request.method) ? request.cookies?.access_token : undefined;
  return cookie ? { kind: 'bearer', token: cookie, fromCookie: true } : undefined;
}

/**
 * Establishes `request.identity` for every request that carries an access token, or HTTP Basic
 * credentials of a kind of identity the operator enabled it for (USER_AUTH_BASIC, ROBOT_AUTH_BASIC,
 * CLIENT_AUTH_BASIC; off by default, then Basic is refused as an unsupported header type). A token
 * sent in the Authorization header that is invalid, expired, revoked or whose subject is gone or
 * inactive fails the request, as do wrong Basic credentials; it never falls back to anonymous. A
 * stale `access_token` cookie, which the browser keeps sending on its own, only makes the request
 * anonymous, so it can never lock anyone out of the web app.
 */
export function registerAuthentication(app: FastifyInstance, db: Database, tokens: TokenService): void {
  app.decorateRequest('identity', undefined);
  const basic: BasicAuthSettings = app.config?.basicAuth ?? { user: false, robot: false, client: false };
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.authenticate === false) return;
    const credential = readCredential(request, basic);
    if (!credential) return;
    if (credential.kind === 'basic') {
      const services = app.auth;
      request.identity = await identityFromBasic(
        { db, throttle: services.throttle, verifiedSecrets: services.verifiedSecrets, settings: basic },
        credential,
        request.ip,
      );
      return;
    }
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
  _db: Database,
  tokens: TokenService,
  token: string,
): Promise<RequestIdentity & { expiresAt: number }> {
  const claims = await tokens.verifySignature(token);
  if (claims.kind !== 'access_token') throw TokenError.invalid();
  // Revocation, subject and the cache versions in one query: every request pays one round trip.
  const { revoked, subject, accessVersion, usersVersion } = await tokens.subjectState(claims);
  if (revoked) throw TokenError.inactive();
  if (!subject) throw new HttpError(401, 'entity_not_found', 'The token subject does not exist anymore.');
  if (!subject.active)
    throw new HttpError(401, 'entity_inactive', `The ${claims.sub_kind} account is inactive.`);
  return {
    type: claims.sub_kind,
    id: claims.sub,
    name: subject.name,
    realmId: claims.realm_id,
    realmName: claims.realm_name,
    clientId: claims.client_id ?? null,
    scopes: claims.scope.split(/\s+/).filter(Boolean),
    tokenId: claims.jti,
    accessVersion,
    usersVersion,
    expiresAt: claims.exp * 1000,
  };
}

/** The identity of a request that must be signed in; a 401 otherwise. */
export function requireIdentity(request: FastifyRequest): RequestIdentity {
  if (!request.identity) throw new HttpError(401, 'unauthorized', 'You must be signed in to do this.');
  return request.identity;
}
