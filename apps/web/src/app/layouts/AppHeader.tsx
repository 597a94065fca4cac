import { Burger, Group, Text, ThemeIcon } from '@mantine/core';
import { IconTopologyStar3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.tsx';
import { TopMenu } from '../../components/navigation/TopMenu.tsx';
import { RealmManagementSwitch } from '../../components/RealmManagementSwitch/RealmManagementSwitch.tsx';
import { UserMenu } from '../../components/UserMenu/UserMenu.tsx';

export interface AppHeaderProps {
  readonly navbarOpened: boolean;
  readonly onToggleNavbar: () => void;
  readonly navbarId: string;
  /** False on narrow screens, where the side menu shows the language switch instead. */
  readonly withLanguageSwitch?: boolean;
}

/**
 * Brand and top menu; on the right the managed realm (master-realm users), the user menu and the
 * language switch. The burger opens the side menu on small screens.
 */
export function AppHeader({
  navbarOpened,
  onToggleNavbar,
  navbarId,
  withLanguageSwitch = true,
}: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('app.shell.toggleNavigation')}
          aria-expanded={navbarOpened}
          aria-controls={navbarId}
        />
        <Group
          renderRoot={(props) => <Link to="/" aria-label={t('app.name')} {...props} />}
          gap={8}
          wrap="nowrap"
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
          <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
            <IconTopologyStar3 size={20} />
          </ThemeIcon>
          <Text fw={750} fz="lg" visibleFrom="xs">
            {t('app.name')}
          </Text>
        </Group>
        <TopMenu />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <RealmManagementSwitch />
        <UserMenu />
        {withLanguageSwitch && <LanguageSwitch />}
      </Group>
    </Group>
  );
}
