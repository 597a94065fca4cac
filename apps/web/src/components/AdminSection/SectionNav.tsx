import type { PlainPhraseKey } from '@federa/phrases';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, useResolvedPath, useLocation } from 'react-router';
import { useSession } from '../../session/session-context.tsx';

export interface SectionTab {
  /** Relative target (`.` for the index, `add`, `roles`, …). */
  readonly to: string;
  readonly label: PlainPhraseKey;
  /** Shown only to somebody holding one of them. */
  readonly permissions?: readonly string[];
}

function TabLink({ tab }: { readonly tab: SectionTab }) {
  const { t } = useTranslation();
  const resolved = useResolvedPath(tab.to);
  const location = useLocation();
  const active = location.pathname.replace(/\/+$/, '') === resolved.pathname.replace(/\/+$/, '');
  return (
    <Button
      component={NavLink}
      to={tab.to}
      end
      variant={active ? 'filled' : 'subtle'}
      size="compact-md"
      aria-current={active ? 'page' : undefined}
    >
      {t(tab.label)}
    </Button>
  );
}

/** The tabs of a section or record page as links (each tab is a child route). */
export function SectionNav({
  tabs,
  label,
}: {
  readonly tabs: readonly SectionTab[];
  readonly label: string;
}) {
  const { hasAnyPermission } = useSession();
  const visible = tabs.filter((tab) => !tab.permissions || hasAnyPermission(tab.permissions));
  if (visible.length < 2) return null;
  return (
    <Group component="nav" aria-label={label} gap="xs">
      {visible.map((tab) => (
        <TabLink key={tab.to} tab={tab} />
      ))}
    </Group>
  );
}
