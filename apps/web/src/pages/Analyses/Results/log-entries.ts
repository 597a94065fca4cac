/** Log and event lists are read 50 at a time (docs/product/analysis-platform.md §9). */
export const LOG_PAGE_SIZE = 50;

/** Levels shown as errors. */
const ERROR_LEVELS = new Set(['emerg', 'alert', 'crit', 'error', 'warn']);

/** The level colours of docs/product/analysis-platform.md §9: emerg dark red … debug grey. */
const LEVEL_COLORS: Record<string, string> = {
  emerg: '#8b0000',
  alert: '#ff0000',
  crit: '#ff4500',
  error: '#ff6347',
  warn: '#ffd700',
  notice: '#0000ff',
  info: '#008000',
  debug: '#808080',
};

export function levelColor(level: string): string {
  return LEVEL_COLORS[level] ?? LEVEL_COLORS.debug!;
}

/** Text on the level colour: white on the dark ones, black on the light ones (AA contrast either way). */
const LIGHT_LEVELS = new Set(['alert', 'crit', 'error', 'warn', 'debug']);
export function levelTextColor(level: string): string {
  return LIGHT_LEVELS.has(level) || !(level in LEVEL_COLORS) ? '#000' : '#fff';
}

export function isErrorLevel(level: string): boolean {
  return ERROR_LEVELS.has(level);
}

/** A log time in nanoseconds as an exact integer, for ordering lines written within one millisecond. */
function nanosecondsOf(time: string | number): bigint {
  return BigInt(String(time).split('.')[0] || '0');
}

/**
 * The lines of `current` followed by the new ones of `incoming`, oldest first. A line arrives twice
 * when the live message and the next page load both carry it; it is kept once (by id). A live line
 * may also overtake a page still loading, so the result is ordered by time, not by arrival.
 */
export function mergeLogEntries<T extends { id?: string; time: string | number }>(
  current: readonly T[],
  incoming: readonly T[],
): T[] {
  const seen = new Set(current.map((entry) => entry.id).filter((id) => id !== undefined));
  const added = incoming.filter((entry) => {
    if (entry.id === undefined) return true;
    if (seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
  if (added.length === 0) return current as T[];
  const merged = [...current, ...added];
  const last = current[current.length - 1];
  // The usual case (new lines after the last one) needs no sort.
  if (last && added.some((entry) => nanosecondsOf(entry.time) < nanosecondsOf(last.time))) {
    merged.sort((a, b) => {
      const difference = nanosecondsOf(a.time) - nanosecondsOf(b.time);
      return difference < 0n ? -1 : difference > 0n ? 1 : 0;
    });
  }
  return merged;
}

/** A log time in nanoseconds (number or decimal string) as a Date (milliseconds). */
export function logTimeToDate(time: string | number | bigint): Date {
  const nanoseconds = typeof time === 'bigint' ? time : BigInt(String(time).split('.')[0] ?? '0');
  return new Date(Number(nanoseconds / 1_000_000n));
}
