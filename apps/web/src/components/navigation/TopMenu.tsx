import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { topMenu } from '../../navigation/menus/top-menu.ts';
import { useMenu } from '../../navigation/use-menu.ts';
import classes from './TopMenu.module.css';

/** The areas of the app (Home, Admin) as a horizontal list of links in the header. */
export function TopMenu() {
  const { t } = useTranslation();
  const { items, active, ariaCurrent } = useMenu(topMenu);
  return (
    <nav aria-label={t('app.shell.topNavigation')}>
      <Group component="ul" gap={4} wrap="nowrap" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((item) => {
          const ItemIcon = item.icon;
          return (
            <li key={item.name}>
              <Button
                component={Link}
                to={item.url ?? '/'}
                variant={item === active ? 'light' : 'subtle'}
                color={item === active ? undefined : 'gray'}
                px={{ base: 10, xs: 'md' }}
                leftSection={ItemIcon ? <ItemIcon size={18} aria-hidden /> : undefined}
                classNames={{ section: classes.section }}
                aria-label={t(item.name)}
                aria-current={ariaCurrent(item)}
              >
                {/* Phones show the icon only; the label stays the link's name. */}
                <span className={classes.label}>{t(item.name)}</span>
              </Button>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
