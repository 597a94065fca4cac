import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.tsx';
import { SideMenu } from '../../components/navigation/SideMenu.tsx';
import { SkipLink } from '../../components/SkipLink/SkipLink.tsx';
import { useRouteMeta } from '../../navigation/use-route-meta.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { AppHeader } from './AppHeader.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';

const MAIN_ID = 'main-content';
const NAVBAR_ID = 'side-navigation';
/** Mantine's `sm` breakpoint: from here on the side menu is always visible. */
const WIDE_SCREEN = '(min-width: 48em)';

/** The `default` layout: header with top menu, the side menu of the route's area, the page. */
export function DefaultLayout() {
  const { t } = useTranslation();
  const { navigation } = useRouteMeta();
  const { pathname } = useLocation();
  const [navbarOpened, { toggle, close }] = useDisclosure(false);
  // On narrow screens the header has no room for the language switch: it moves into the side menu.
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  useDocumentTitle();

  // On small screens the side menu overlays the page; close it once the user went somewhere.
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="lg"
    >
      <SkipLink targetId={MAIN_ID} />
      <NavigationProgress />
      <AppShell.Header>
        <AppHeader
          navbarOpened={navbarOpened}
          onToggleNavbar={toggle}
          navbarId={NAVBAR_ID}
          withLanguageSwitch={wide}
        />
      </AppShell.Header>
      <AppShell.Navbar id={NAVBAR_ID} p="sm" aria-label={t('app.shell.sideNavigation')}>
        <SideMenu navigation={navigation} />
        {!wide && (
          <Box mt="auto" pt="md">
            <LanguageSwitch fullWidth />
          </Box>
        )}
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
