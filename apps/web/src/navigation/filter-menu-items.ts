import { isAccessAllowed, type AccessContext } from './access.ts';
import type { MenuItem } from './types.ts';

/**
 * The items the visitor may see: an item is hidden if it needs login and nobody is logged in, needs
 * logged-out and someone is, or lists permissions of which the visitor holds none. Children are
 * filtered the same way; a group heading (no url) whose children are all hidden is hidden too.
 */
export function filterMenuItems(items: readonly MenuItem[], context: AccessContext): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (!isAccessAllowed(item.metadata, context)) return [];
    if (!item.children) return [item];
    const children = filterMenuItems(item.children, context);
    if (children.length === 0 && !item.url) return [];
    return [{ ...item, children }];
  });
}
