import type { PolicyConfig } from '@federa/policy';

/** The signed-in user as the session keeps it (a small subset of `GET /auth/users/@me`). */
export interface SessionUser {
  readonly id: string;
  readonly name: string;
  readonly display_name?: string | null;
  readonly email?: string | null;
  readonly realm_id: string;
}

/** A realm reference: the user's own realm, or the realm a master-realm user manages. */
export interface SessionRealm {
  readonly id: string;
  readonly name: string;
}

/** One permission the identity holds and may use now (its policy, if any, passes a pre-check). */
export interface SessionPermission {
  readonly name: string;
  readonly realm_id: string | null;
  readonly client_id: string | null;
}

/** One permission the identity holds, as reported by token introspection, with its policy if any. */
export interface HeldPermission extends SessionPermission {
  readonly policy?: PolicyConfig;
}

/** Everything the session knows. Replaced as a whole on every change (a snapshot for React). */
export interface SessionState {
  readonly accessToken: string | undefined;
  /** Expiry of the access token, epoch milliseconds. */
  readonly accessTokenExpiresAt: number | undefined;
  readonly refreshToken: string | undefined;
  readonly user: SessionUser | undefined;
  readonly realm: SessionRealm | undefined;
  /** The realm the administration screens work on; the user's realm unless a master-realm user picked another. */
  readonly realmManagement: SessionRealm | undefined;
  /** The permission store: filled by introspection, emptied on logout. */
  readonly permissions: readonly SessionPermission[];
  /** True once the identity behind the stored tokens is known (or known to be nobody). */
  readonly resolved: boolean;
}

export interface LoginCredentials {
  readonly name: string;
  readonly password: string;
  /** Id (or name) of the realm to sign in to; without it every realm is tried. */
  readonly realmId?: string | null;
}

/** The token response of `POST /auth/token` (RFC 6749 §5.1). */
export type { TokenResponse } from '@federa/schemas';

export type SessionEvent =
  'loggingIn' | 'loggedIn' | 'loggingOut' | 'loggedOut' | 'resolving' | 'resolved' | 'tokenChanged';
