import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from './relative-time.ts';

/** Relative times refresh this often (docs/product/analysis-platform.md §9). */
export const RELATIVE_TIME_REFRESH_MS = 60_000;

/** A `<time>` showing how long ago (or until) `value` is, refreshed every minute; the full date as title. */
export function RelativeTime({ value }: { readonly value: string | null | undefined }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), RELATIVE_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (!value) return null;
  const date = new Date(value);
  return (
    <time dateTime={value} title={date.toLocaleString(i18n.language)}>
      {formatRelativeTime(date, now, i18n.language)}
    </time>
  );
}
