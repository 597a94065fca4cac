import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A horizontally scrollable area for a table on narrow screens. It can take the focus, so keyboard
 * users can scroll it too (a scrollable region without that fails the accessibility rules).
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  readonly label: string;
  readonly minWidth: number;
  readonly children: ReactNode;
}) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
