import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session-context.tsx';

/** Up to two initials of a name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [...(words[0] ?? '?').slice(0, 2)];
  return letters.join('').toUpperCase();
}

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
            <Avatar size={28} radius="xl" color="indigo" aria-hidden>
              {initialsOf(name)}
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
