import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAccess } from '../app/session.ts';
import { findActiveMenuItem, normalizePath } from './active-item.ts';
import { filterMenuItems } from './filter-menu-items.ts';
import type { MenuItem } from './types.ts';

export interface VisibleMenu {
  readonly items: readonly MenuItem[];
  readonly active: MenuItem | undefined;
  /** `aria-current` for an item: `page` on its own page, `true` inside its section. */
  readonly ariaCurrent: (item: MenuItem) => 'page' | 'true' | undefined;
}

/** The items of a menu the current visitor may see, and which one is active for the current path. */
export function useMenu(menu: readonly MenuItem[]): VisibleMenu {
  const session = useAccess();
  const { pathname } = useLocation();
  const items = useMemo(() => filterMenuItems(menu, session), [menu, session]);
  const active = findActiveMenuItem(items, pathname);
  const ariaCurrent = (item: MenuItem) => {
    if (item !== active) return undefined;
    return item.url !== undefined && normalizePath(item.url) === normalizePath(pathname) ? 'page' : 'true';
  };
  return { items, active, ariaCurrent };
}
