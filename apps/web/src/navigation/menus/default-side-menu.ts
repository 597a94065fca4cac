import { IconChartBar, IconFolders, IconInfoCircle, IconLogin2, IconSettings } from '@tabler/icons-react';
import { ANALYSES_MENU, PROJECTS_MENU } from '../permission-sets.ts';
import type { MenuItem } from '../types.ts';

export const defaultSideMenu: readonly MenuItem[] = [
  {
    name: 'app.menu.info',
    type: 'link',
    url: '/',
    icon: IconInfoCircle,
    level: 1,
    metadata: { requireLoggedIn: true },
  },
  {
    name: 'app.menu.projects',
    type: 'link',
    url: '/projects',
    icon: IconFolders,
    level: 1,
    metadata: { requireLoggedIn: true, requirePermissions: PROJECTS_MENU },
  },
  {
    name: 'app.menu.analyses',
    type: 'link',
    url: '/analyses',
    icon: IconChartBar,
    level: 1,
    metadata: { requireLoggedIn: true, requirePermissions: ANALYSES_MENU },
  },
  { name: 'app.menu.others', type: 'separator', level: 1 },
  {
    name: 'app.menu.login',
    type: 'link',
    url: '/login',
    icon: IconLogin2,
    level: 1,
    metadata: { requireLoggedOut: true },
  },
  {
    name: 'app.menu.settings',
    type: 'link',
    url: '/settings',
    icon: IconSettings,
    level: 1,
    metadata: { requireLoggedIn: true },
  },
];
