import {
  IconApps,
  IconBuildingBank,
  IconCalendarEvent,
  IconFingerprint,
  IconKey,
  IconPlugConnected,
  IconRobot,
  IconServer2,
  IconShieldLock,
  IconTags,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import {
  CLIENTS_MENU,
  EVENTS_MENU,
  IDENTITY_PROVIDERS_MENU,
  NODES_MENU,
  PERMISSIONS_MENU,
  POLICIES_MENU,
  REALMS_MENU,
  ROBOTS_MENU,
  ROLES_MENU,
  SCOPES_MENU,
  SERVICES_MENU,
  USERS_MENU,
} from '../permission-sets.ts';
import type { MenuItem, PermissionName } from '../types.ts';

function adminLink(
  name: MenuItem['name'],
  url: string,
  icon: MenuItem['icon'],
  permissions: readonly PermissionName[],
): MenuItem {
  return {
    name,
    type: 'link',
    url,
    icon,
    level: 2,
    metadata: { requireLoggedIn: true, requirePermissions: permissions },
  };
}

/** Groups have no url of their own; one is hidden when none of its links remain visible. */
export const adminSideMenu: readonly MenuItem[] = [
  {
    name: 'app.menu.auth',
    type: 'link',
    level: 1,
    metadata: { requireLoggedIn: true },
    children: [
      adminLink('app.menu.realms', '/admin/realms', IconBuildingBank, REALMS_MENU),
      adminLink(
        'app.menu.identityProviders',
        '/admin/identity-providers',
        IconFingerprint,
        IDENTITY_PROVIDERS_MENU,
      ),
      adminLink('app.menu.robots', '/admin/robots', IconRobot, ROBOTS_MENU),
      adminLink('app.menu.users', '/admin/users', IconUser, USERS_MENU),
      adminLink('app.menu.roles', '/admin/roles', IconUsersGroup, ROLES_MENU),
      adminLink('app.menu.policies', '/admin/policies', IconShieldLock, POLICIES_MENU),
      adminLink('app.menu.permissions', '/admin/permissions', IconKey, PERMISSIONS_MENU),
      adminLink('app.menu.clients', '/admin/clients', IconApps, CLIENTS_MENU),
      adminLink('app.menu.scopes', '/admin/scopes', IconTags, SCOPES_MENU),
    ],
  },
  {
    name: 'app.menu.general',
    type: 'link',
    level: 1,
    metadata: { requireLoggedIn: true },
    children: [
      adminLink('app.menu.events', '/admin/events', IconCalendarEvent, EVENTS_MENU),
      adminLink('app.menu.nodes', '/admin/nodes', IconServer2, NODES_MENU),
      adminLink('app.menu.services', '/admin/services', IconPlugConnected, SERVICES_MENU),
    ],
  },
];
