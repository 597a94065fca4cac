import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthenticatedHttpClient } from './authenticated-client.ts';
import type { SessionStore } from './session-store.ts';
import type { LoginCredentials, SessionRealm, SessionState, SessionUser } from './types.ts';

const SessionStoreContext = createContext<SessionStore | null>(null);

export interface SessionProviderProps {
  readonly store: SessionStore;
  readonly children: ReactNode;
}

/** Makes the session store available to the tree (`useSession`, `useApiClient`). */
export function SessionProvider({ store, children }: SessionProviderProps) {
  return <SessionStoreContext value={store}>{children}</SessionStoreContext>;
}

/** The session store itself (for code that is not a component, hand it over from here). */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore() needs a <SessionProvider> above it.');
  return store;
}

/** The current session values; the component re-renders when they change. */
export function useSessionState(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The HTTP client for API calls on behalf of the signed-in user (renews and retries on its own). */
export function useApiClient(): AuthenticatedHttpClient {
  return useSessionStore().api;
}

export interface SessionApi {
  readonly loggedIn: boolean;
  readonly user: SessionUser | undefined;
  readonly realm: SessionRealm | undefined;
  readonly realmManagement: SessionRealm | undefined;
  readonly setRealmManagement: (realm: SessionRealm) => void;
  readonly login: (credentials: LoginCredentials) => Promise<void>;
  readonly logout: () => Promise<void>;
  /** Pre-check: holds the permission of that name. */
  readonly hasPermission: (name: string) => boolean;
  /** Pre-check: holds at least one of the named permissions. */
  readonly hasAnyPermission: (names: readonly string[]) => boolean;
}

/** The signed-in user, their realm and permissions, and the login/logout actions. */
export function useSession(): SessionApi {
  const store = useSessionStore();
  const state = useSessionState();
  return useMemo(() => {
    const names = new Set(state.permissions.map((permission) => permission.name));
    return {
      loggedIn: state.accessToken !== undefined,
      user: state.user,
      realm: state.realm,
      realmManagement: state.realmManagement,
      setRealmManagement: (realm) => store.setRealmManagement(realm),
      login: (credentials) => store.login(credentials),
      logout: () => store.logout(),
      hasPermission: (name) => names.has(name),
      hasAnyPermission: (list) => list.some((name) => names.has(name)),
    };
  }, [store, state]);
}
