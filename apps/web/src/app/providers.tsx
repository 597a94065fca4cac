import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SessionProvider } from '../session/session-context.tsx';
import type { SessionStore } from '../session/session-store.ts';
import { localizedTheme } from './localized-theme.ts';
import { cssVariablesResolver } from './theme.ts';

export interface AppProvidersProps {
  readonly i18n: i18n;
  readonly queryClient: QueryClient;
  readonly session: SessionStore;
  /** `test` turns off transitions and portals (Mantine) for deterministic component tests. */
  readonly env?: 'default' | 'test';
  readonly children: ReactNode;
}

/** Server state cached for one user must not be shown to the next: logging out empties the cache. */
function useClearCacheOnLogout(session: SessionStore, queryClient: QueryClient): void {
  useEffect(() => session.on('loggedOut', () => queryClient.clear()), [session, queryClient]);
}

/** Everything a screen may rely on: theme, modals, notifications, server state, phrases, session. */
export function AppProviders({ i18n, queryClient, session, env, children }: AppProvidersProps) {
  useClearCacheOnLogout(session, queryClient);
  // Above the I18nextProvider, so the instance is passed directly; re-renders on language change.
  const { t } = useTranslation(undefined, { i18n });
  const theme = useMemo(() => localizedTheme(t), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={session}>
            <ModalsProvider>
              <Notifications />
              {children}
            </ModalsProvider>
          </SessionProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
