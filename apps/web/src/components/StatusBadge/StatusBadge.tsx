import { Badge, type BadgeProps } from '@mantine/core';

/** Light colours whose darkest shade still lacks contrast on their light background: dark text. */
const DARK_TEXT = new Set(['green', 'yellow', 'orange', 'lime']);

/**
 * A light badge in a status colour whose text keeps the WCAG AA contrast (Mantine's light variant
 * writes shade 6 on the light background, too pale for green, yellow and others).
 */
export function StatusBadge({
  color = 'gray',
  ...props
}: BadgeProps & { readonly children?: React.ReactNode }) {
  const base = String(color);
  const text = DARK_TEXT.has(base) ? 'var(--mantine-color-dark-9)' : `var(--mantine-color-${base}-9)`;
  return (
    <Badge variant="light" color={base} {...props} style={{ '--badge-color': text } as React.CSSProperties} />
  );
}
