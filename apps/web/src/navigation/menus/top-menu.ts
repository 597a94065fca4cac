import { IconHome, IconSettings } from '@tabler/icons-react';
import type { MenuItem } from '../types.ts';

export const topMenu: readonly MenuItem[] = [
  { name: 'app.menu.home', type: 'link', url: '/', icon: IconHome, level: 0, default: true },
  {
    name: 'app.menu.admin',
    type: 'link',
    url: '/admin',
    icon: IconSettings,
    activeMatch: '/admin/',
    level: 0,
    // Logged-in only; an empty permission list asks for nothing more.
    metadata: { requireLoggedIn: true, requirePermissions: [] },
  },
];
