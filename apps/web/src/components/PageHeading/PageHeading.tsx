import { Title, type TitleOrder } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * The heading of a screen. After a navigation it takes the focus, so keyboard and screen-reader
 * users continue at the new content instead of at the link they used.
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
