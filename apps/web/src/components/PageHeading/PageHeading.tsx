import { Title, type TitleOrder } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The heading of a screen. After a navigation it takes the focus, so keyboard and screen-reader
 * users continue at the new content instead of at the link they used; the window title names the
 * screen as well ("Users · Federa HUB"), for tabs, history and screen readers announcing the page.
 */
export function PageHeading({
  children,
  order = 1,
}: {
  readonly children: ReactNode;
  readonly order?: TitleOrder;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const product = t('app.name');
  // After every render: the heading's text may change (a record loads, the language switches).
  useEffect(() => {
    const text = ref.current?.textContent?.trim();
    document.title = text ? `${text} · ${product}` : product;
  });
  useEffect(() => {
    // Not on the first page of a visit: the skip link and the browser's own start come first.
    if (window.history.state?.idx > 0 && !ref.current?.contains(document.activeElement)) {
      ref.current?.focus({ preventScroll: true });
    }
  }, [pathname]);
  return (
    <Title ref={ref} order={order} tabIndex={-1} style={{ outline: 'none', overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}
