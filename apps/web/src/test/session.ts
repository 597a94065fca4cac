import { PERMISSION_NAMES } from '@federa/schemas';
import { createMemoryStorage } from '../session/session-storage.ts';
import { SessionStore } from '../session/session-store.ts';
import type { SessionRealm } from '../session/types.ts';
import {
  FakeAuthServer,
  MASTER_REALM,
  OTHER_REALM,
  TEST_BASE_URLS,
  type FakeUser,
} from './fake-auth-server.ts';

/** Who is signed in when a test starts: their permissions (by name) and realm. */
export interface SessionSeed {
  readonly name?: string;
  readonly permissions: readonly string[];
  readonly realm?: SessionRealm;
}

/** A master-realm administrator holding every permission. */
export const adminSession: SessionSeed = {
  name: 'admin',
  permissions: PERMISSION_NAMES,
  realm: MASTER_REALM,
};

/** A signed-in user of another realm holding exactly the given permissions. */
export function sessionWith(...permissions: string[]): SessionSeed {
  return { name: 'alice', permissions, realm: OTHER_REALM };
}

export function fakeUser(seed: SessionSeed, password = 'secret-password'): FakeUser {
  const name = seed.name ?? 'alice';
  return {
    id: `user-${name}`,
    name,
    password,
    realm: seed.realm ?? OTHER_REALM,
    permissions: seed.permissions,
  };
}

const created = new Set<SessionStore>();

export interface TestSession {
  readonly session: SessionStore;
  readonly server: FakeAuthServer;
  readonly storage: ReturnType<typeof createMemoryStorage>;
}

/**
 * A session store talking to a fake identity server, kept in memory. With `signedIn`, the storage
 * holds the tokens of an earlier sign-in of that user (as the cookies would after a reload), so the
 * store resolves to them.
 */
export function createTestSession({
  server = new FakeAuthServer(),
  signedIn,
}: { server?: FakeAuthServer; signedIn?: SessionSeed } = {}): TestSession {
  const storage = createMemoryStorage();
  if (signedIn) {
    const user = fakeUser(signedIn);
    if (!server.users.some((candidate) => candidate.id === user.id)) server.users.push(user);
    const token = server.issue(user);
    storage.set('access_token', token.access_token);
    storage.set('access_token_expire_date', String(Date.now() + token.expires_in * 1000));
    storage.set('refresh_token', token.refresh_token!);
  }
  const session = new SessionStore({ baseUrls: TEST_BASE_URLS, storage, fetch: server.fetch });
  created.add(session);
  return { session, server, storage };
}

/** Stops the timers of every store the test created. */
export function disposeTestSessions(): void {
  for (const session of created) session.dispose();
  created.clear();
}
