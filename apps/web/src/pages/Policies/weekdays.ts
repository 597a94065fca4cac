/** The weekdays of a time policy (0 = Sunday … 6 = Saturday), in the order of a week from Monday. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** The name of a weekday in the interface language ("Monday", "Montag"). */
export function weekdayName(day: number, language: string): string {
  // 2024-01-07 was a Sunday; the name comes from the platform, so every language has it.
  const date = new Date(Date.UTC(2024, 0, 7 + day, 12));
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date);
}
