import { Loader, type LoaderProps } from '@mantine/core';

interface BusyIndicatorProps extends Pick<LoaderProps, 'size'> {
  /** What assistive technology announces, e.g. "Loading…". */
  label: string;
}

/**
 * A spinner that screen readers can name. A bare `<Loader aria-label>` is a span without a role,
 * where ARIA forbids a label; the progressbar role makes the label valid.
 */
export function BusyIndicator({ label, size }: BusyIndicatorProps) {
  return <Loader role="progressbar" aria-label={label} size={size} />;
}
