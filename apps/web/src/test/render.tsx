import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client.ts';
import { AppProviders } from '../app/providers.tsx';
import { createAppRouter } from '../app/router.ts';
import { createI18n } from '../i18n/create-i18n.ts';
import type { SessionStore } from '../session/session-store.ts';
import type { FakeAuthServer } from './fake-auth-server.ts';
import { createTestSession, type SessionSeed } from './session.ts';

export { adminSession, sessionWith, type SessionSeed } from './session.ts';

interface ProviderOptions {
  /** The session store; a logged-out one talking to a fake server by default. */
  readonly session?: SessionStore;
}

/** Renders a component inside every provider of the app (no router). */
export function renderWithProviders(ui: ReactElement, { session }: ProviderOptions = {}) {
  const i18n = createI18n();
  const queryClient = createQueryClient();
  const store = session ?? createTestSession().session;
  const view = render(ui, {
    // As a wrapper, the providers stay in place when a test calls `rerender`.
    wrapper: ({ children }) => (
      <AppProviders i18n={i18n} queryClient={queryClient} session={store} env="test">
        {children}
      </AppProviders>
    ),
  });
  return { ...view, i18n, queryClient, session: store };
}

interface AppOptions {
  /** Who signed in before (their tokens are stored); logged out without it. */
  readonly session?: SessionSeed;
  /** The fake identity server; a fresh one by default. */
  readonly server?: FakeAuthServer;
}

/** Renders the whole app (route guard, route table, layout, menus) at a path, as the browser would. */
export function renderApp(path: string, { session: seed, server }: AppOptions = {}) {
  const test = createTestSession({ server, signedIn: seed });
  const router = createAppRouter(test.session, (routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  return {
    ...renderWithProviders(<RouterProvider router={router} />, { session: test.session }),
    router,
    server: test.server,
    storage: test.storage,
  };
}
