import type { PlainPhraseKey } from '@federa/phrases';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageHeading } from '../PageHeading/PageHeading.tsx';
import { SectionNav, type SectionTab } from './SectionNav.tsx';

/** A section of the admin area (`/admin/users`): heading, tabs (list, add) and the chosen tab. */
export function SectionPage({
  title,
  tabs,
}: {
  readonly title: PlainPhraseKey;
  readonly tabs: readonly SectionTab[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeading>{t(title)}</PageHeading>
      <SectionNav tabs={tabs} label={t(title)} />
      <Outlet />
    </Stack>
  );
}
