import { Stack, Title, type TitleOrder } from '@mantine/core';
import type { PlainPhraseKey } from '@federa/phrases';
import { createContext, useContext, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** Nested placeholders render one heading level deeper than their parent. */
const HeadingLevel = createContext(1);

/** Stand-in for a screen that a later issue builds: its translated title and its child routes. */
export function PlaceholderPage({ title }: { readonly title: PlainPhraseKey }) {
  const { t } = useTranslation();
  const level = useContext(HeadingLevel);
  return (
    <Stack gap="md">
      <Title order={Math.min(level, 6) as TitleOrder}>{t(title)}</Title>
      <HeadingLevel value={level + 1}>
        <Outlet />
      </HeadingLevel>
    </Stack>
  );
}

/** A route component showing the placeholder for one title (used by the route table's `lazy`). */
export function createPlaceholderPage(title: PlainPhraseKey): ComponentType {
  return function Placeholder() {
    return <PlaceholderPage title={title} />;
  };
}
