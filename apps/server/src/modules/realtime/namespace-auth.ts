import type { Socket } from 'socket.io';
import type { Database } from '#platform/db/database.ts';
import { HttpError } from '#platform/http/errors.ts';
import {
  identityFromAccessToken,
  MASTER_REALM_NAME,
  type AuthServices,
  type RequestIdentity,
} from '../auth/index.ts';
// Not (yet) exported by the auth module's index; the realtime gateway needs the same subject check as HTTP.
import { connectionError, describeFailure, realtimeErrors, type RealtimeFailure } from './errors.ts';
import { realmIdOfNamespace } from './namespaces.ts';
import type { RealtimeSocket, RealtimeSocketData } from './types.ts';

export interface NamespaceAuthDependencies {
  db: Database;
  tokens: AuthServices['tokens'];
  /** Told about server faults (database down, ...), which the client only sees as internal_error. */
  onUnexpectedError(error: unknown): void;
}

type Handshake = Socket['handshake'];

/**
 * The access token of a handshake: `auth.token` (what socket.io clients send, optionally with the
 * `Bearer ` prefix), else an `Authorization: Bearer` header (for clients that can set headers). The
 * `access_token` cookie is deliberately not read: a cross-site page could otherwise open a socket
 * with the visitor's session.
 */
export function readHandshakeToken(handshake: Handshake): string | undefined {
  const auth = handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token.trim() !== '') {
    return auth.token.trim().replace(/^bearer\s+/i, '');
  }
  const header = handshake.headers.authorization;
  if (header === undefined) return undefined;
  const [scheme, value, ...rest] = header.trim().split(/\s+/);
  if (!scheme || scheme.toLowerCase() !== 'bearer') {
    throw new HttpError(
      400,
      'unsupported_auth_header_type',
      'The authorization header type is not supported.',
    );
  }
  if (!value || rest.length > 0) throw new HttpError(401, 'invalid_token', 'The Token is invalid.');
  return value;
}

/** Who may enter which namespace: master identities anywhere, others only their own realm's. */
export function assertNamespaceAccess(identity: RequestIdentity, namespace: string): void {
  if (identity.realmName === MASTER_REALM_NAME) return;
  const realmId = realmIdOfNamespace(namespace);
  if (realmId === undefined) throw realtimeErrors.masterNamespaceOnly();
  if (realmId !== identity.realmId) throw realtimeErrors.foreignRealm();
}

/**
 * Establishes the identity of a connection the way HTTP requests are authenticated: a valid,
 * unrevoked access token whose subject still exists and is active. Nothing falls back to anonymous.
 */
export async function authenticateHandshake(
  deps: NamespaceAuthDependencies,
  handshake: Handshake,
  namespace: string,
): Promise<RealtimeSocketData> {
  const token = readHandshakeToken(handshake);
  if (!token) throw realtimeErrors.tokenMissing();
  const { expiresAt, ...identity } = await identityFromAccessToken(deps.db, deps.tokens, token);
  assertNamespaceAccess(identity, namespace);
  return { identity, expiresAt };
}

/** The namespace middleware: a refused connection gets `connect_error` with `data.code`. */
export function namespaceAuthentication(deps: NamespaceAuthDependencies) {
  return (socket: RealtimeSocket, next: (error?: Error) => void): void => {
    authenticateHandshake(deps, socket.handshake, socket.nsp.name).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => {
        const failure: RealtimeFailure = describeFailure(error);
        if (failure.unexpected) deps.onUnexpectedError(error);
        next(connectionError(failure));
      },
    );
  };
}
