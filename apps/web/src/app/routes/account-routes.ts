import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../navigation/types.ts';

const loggedIn = { requireLoggedIn: true } satisfies RouteHandle;

/** Start page, sign-in and the signed-in user's own pages. */
export const accountRoutes: RouteObject[] = [
  {
    index: true,
    handle: loggedIn,
    lazy: async () => ({ Component: (await import('../../pages/Home/HomePage.tsx')).HomePage }),
  },
  {
    path: 'login',
    handle: { requireLoggedOut: true } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../../pages/Login/LoginPage.tsx')).LoginPage }),
  },
  // The self-service account flows: public, as their mails' links must open whoever is signed in.
  {
    path: 'register',
    lazy: async () => ({ Component: (await import('../../pages/Account/RegisterPage.tsx')).RegisterPage }),
  },
  {
    path: 'activate',
    lazy: async () => ({ Component: (await import('../../pages/Account/ActivatePage.tsx')).ActivatePage }),
  },
  {
    path: 'password-forgot',
    lazy: async () => ({
      Component: (await import('../../pages/Account/PasswordForgotPage.tsx')).PasswordForgotPage,
    }),
  },
  {
    path: 'password-reset',
    lazy: async () => ({
      Component: (await import('../../pages/Account/PasswordResetPage.tsx')).PasswordResetPage,
    }),
  },
  {
    // The sign-in and consent page of the authorization endpoint (`/auth/authorize` sends browsers here).
    path: 'authorize',
    handle: loggedIn,
    lazy: async () => ({
      Component: (await import('../../pages/Authorize/AuthorizePage.tsx')).AuthorizePage,
    }),
  },
  {
    path: 'logout',
    handle: loggedIn,
    lazy: async () => ({ Component: (await import('../../pages/Logout/LogoutPage.tsx')).LogoutPage }),
  },
  {
    path: 'users/:id',
    handle: loggedIn,
    lazy: async () => ({
      Component: (await import('../../pages/UserProfile/UserProfilePage.tsx')).UserProfilePage,
    }),
  },
  {
    path: 'settings',
    handle: loggedIn,
    lazy: async () => ({ Component: (await import('../../pages/Settings/SettingsPage.tsx')).SettingsPage }),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../../pages/Settings/ProfileSettingsPage.tsx')).ProfileSettingsPage,
        }),
      },
      {
        path: 'security',
        lazy: async () => ({
          Component: (await import('../../pages/Settings/SecuritySettingsPage.tsx')).SecuritySettingsPage,
        }),
      },
      {
        path: 'notifications',
        lazy: async () => ({
          Component: (await import('../../pages/Settings/NotificationSettingsPage.tsx'))
            .NotificationSettingsPage,
        }),
      },
    ],
  },
];
