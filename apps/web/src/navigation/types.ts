import type { PlainPhraseKey } from '@federa/phrases';
import type { PermissionName } from '@federa/schemas';
import type { Icon } from '@tabler/icons-react';

/** A built-in permission name, e.g. `project_create`. */
export type { PermissionName };

/** The side menu a screen belongs to; chosen by the route, shown by the layout. */
export type NavigationId = 'default' | 'admin';

/**
 * Who may see a route or a menu item. The same fields travel on routes (`handle`) and on menu items
 * (`metadata`), so the menu and the route guard decide alike.
 */
export interface AccessRequirements {
  /** Only for signed-in users. */
  readonly requireLoggedIn?: boolean;
  /** Only for visitors who are not signed in (e.g. the login form). */
  readonly requireLoggedOut?: boolean;
  /** Satisfied by holding at least one of them; an empty list requires none. */
  readonly requirePermissions?: PermissionName | readonly PermissionName[];
}

/** The `handle` of every route: navigation area plus access requirements. */
export interface RouteHandle extends AccessRequirements {
  /** Side menu to show; inherited by child routes unless they set their own. */
  readonly navigation?: NavigationId;
}

/** One entry of a menu (the menu item model of the specification). */
export interface MenuItem {
  /** Phrase key of the label, translated when rendered. */
  readonly name: PlainPhraseKey;
  readonly type: 'link' | 'separator';
  /** Target path of a link; a link without url but with children is a group heading. */
  readonly url?: string;
  readonly icon?: Icon;
  /** Path (prefix) that marks the item active in addition to its url, e.g. `/admin/`. */
  readonly activeMatch?: string;
  /** 0 = top menu, 1 = side menu, 2 = inside a side-menu group. */
  readonly level?: number;
  readonly children?: readonly MenuItem[];
  /** Active when no other item of its menu matches the path better. */
  readonly default?: boolean;
  readonly metadata?: AccessRequirements;
}
