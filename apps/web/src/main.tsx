import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { baseUrlsFor } from '@federa/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client.ts';
import { installChunkReloadHandler } from './app/chunk-reload.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.ts';
import { createI18n } from './i18n/create-i18n.ts';
import { createCookieStorage } from './session/session-storage.ts';
import { SessionStore } from './session/session-store.ts';

installChunkReloadHandler();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The APIs are served from the same origin as the app (the dev server forwards them).
const session = new SessionStore({
  baseUrls: baseUrlsFor(window.location.origin),
  storage: createCookieStorage(),
});
// Resolved once on start; a failure only means nobody is signed in (the route guard waits for it).
session.resolve().catch(() => session.logout());

createRoot(root).render(
  <StrictMode>
    <AppProviders i18n={createI18n()} queryClient={createQueryClient()} session={session}>
      <RouterProvider router={createAppRouter(session)} />
    </AppProviders>
  </StrictMode>,
);
