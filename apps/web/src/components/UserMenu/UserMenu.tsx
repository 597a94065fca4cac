import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session-context.tsx';

/** The signed-in user's name in the header, opening Settings and Logout. Nothing when logged out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  if (!loggedIn || !user) return null;
  const name = user.display_name || user.name;
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={8}
          aria-label={t('app.userMenu.label', { name })}
          leftSection={
            // An icon, not initials: text in the avatar would be visible text missing from the
            // button's accessible name (WCAG 2.5.3, label in name).
            <Avatar size={28} radius="xl" color="indigo" aria-hidden>
              <IconUser size={16} />
            </Avatar>
          }
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          <Text span fw={600} size="sm" visibleFrom="sm" maw={160} truncate="end">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('app.userMenu.signedInAs', { name })}</Menu.Label>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} aria-hidden />}>
          {t('app.userMenu.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
          {t('app.userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
