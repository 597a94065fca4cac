import type { MenuItem, NavigationId } from '../types.ts';
import { adminSideMenu } from './admin-side-menu.ts';
import { defaultSideMenu } from './default-side-menu.ts';

/** The side menu of each navigation area; routes pick one through `handle.navigation`. */
export const sideMenus: Readonly<Record<NavigationId, readonly MenuItem[]>> = {
  default: defaultSideMenu,
  admin: adminSideMenu,
};
