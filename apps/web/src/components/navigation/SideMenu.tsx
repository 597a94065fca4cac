import { NavLink } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sideMenus } from '../../navigation/menus/side-menus.ts';
import type { MenuItem, NavigationId } from '../../navigation/types.ts';
import { useMenu, type VisibleMenu } from '../../navigation/use-menu.ts';
import classes from './SideMenu.module.css';

interface EntryProps {
  readonly item: MenuItem;
  readonly menu: VisibleMenu;
}

function MenuGroup({ item, menu }: EntryProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <li>
      <div id={headingId} className={classes.heading}>
        {t(item.name)}
      </div>
      <ul className={classes.list} aria-labelledby={headingId}>
        {item.children?.map((child) => (
          <MenuEntry key={child.name} item={child} menu={menu} />
        ))}
      </ul>
    </li>
  );
}

function MenuEntry({ item, menu }: EntryProps) {
  const { t } = useTranslation();
  if (item.type === 'separator') {
    return <li className={classes.heading}>{t(item.name)}</li>;
  }
  if (item.url === undefined) return <MenuGroup item={item} menu={menu} />;
  const ItemIcon = item.icon;
  const current = menu.ariaCurrent(item);
  return (
    <li>
      <NavLink
        component={Link}
        to={item.url}
        className={classes.link}
        label={t(item.name)}
        leftSection={ItemIcon ? <ItemIcon size={18} stroke={1.7} aria-hidden /> : undefined}
        active={current !== undefined}
        aria-current={current}
        variant="light"
      />
    </li>
  );
}

/** The side menu of a navigation area: links, separators and labelled groups. */
export function SideMenu({ navigation }: { readonly navigation: NavigationId }) {
  const menu = useMenu(sideMenus[navigation]);
  return (
    <ul className={classes.list}>
      {menu.items.map((item) => (
        <MenuEntry key={item.name} item={item} menu={menu} />
      ))}
    </ul>
  );
}
