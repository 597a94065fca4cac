import { listResponseOf } from '@federa/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveUpdates } from '../../../resources/live/use-live-updates.ts';
import { hubResources, type AnalysisLogEntry } from '../../../resources/hub-resources.ts';
import { useApiClient } from '../../../session/session-context.tsx';
import { LOG_PAGE_SIZE, mergeLogEntries } from './log-entries.ts';

/** How often a running analysis is asked for new lines (lines sent live arrive at once besides). */
const TAIL_INTERVAL_MS = 5000;

/** The realtime room the lines of a log are also sent to as they are written. */
export interface LogFollow {
  /** The realtime entity type, e.g. `analysisLog`. */
  readonly type: string;
  /** The record whose lines these are, e.g. the analysis id. */
  readonly target: string;
}

/**
 * The log lines of `path` (`analysis-logs` or `analysis-node-logs`) matching `filter`, oldest first:
 * pages of 50 loaded by time after the last loaded line until `meta.total` is reached; with `live`
 * new lines are fetched the same way every few seconds, and with `follow` the lines the server sends
 * live are appended as they come (a build's steps).
 */
export function useLogTail(path: string, filter: Record<string, string>, live: boolean, follow?: LogFollow) {
  const api = useApiClient();
  const [entries, setEntries] = useState<AnalysisLogEntry[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const last = useRef<string | null>(null);
  const busy = useRef(false);
  const filterKey = JSON.stringify(filter);

  const loadNext = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (;;) {
        const query = { ...(JSON.parse(filterKey) as Record<string, string>) };
        if (last.current) query.time = `>${last.current}`;
        const page = await api.get('core', path, {
          query: { filter: query, sort: { time: 'ASC' }, page: { limit: LOG_PAGE_SIZE, offset: 0 } },
          schema: listResponseOf(hubResources.analysisLogs.schema),
        });
        if (page.data.length > 0) {
          last.current = String(page.data[page.data.length - 1]!.time);
          setEntries((current) => mergeLogEntries(current, page.data));
        }
        setTotal((current) =>
          last.current === null ? page.meta.total : Math.max(current ?? 0, page.meta.total),
        );
        setError(null);
        if (page.data.length < LOG_PAGE_SIZE || page.data.length >= page.meta.total) break;
      }
    } catch (failure) {
      setError(failure);
    } finally {
      busy.current = false;
    }
  }, [api, path, filterKey]);

  // A new path or filter mounts a new list (the caller keys it), so the first load needs no reset.
  useEffect(() => {
    const first = setTimeout(() => void loadNext(), 0);
    return () => clearTimeout(first);
  }, [loadNext]);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => void loadNext(), TAIL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [live, loadNext]);

  // Paging stays where it was: a live line may overtake an earlier one the next page brings.
  useLiveUpdates<AnalysisLogEntry>(
    follow?.type,
    (event, entry) => {
      if (event === 'created') setEntries((current) => mergeLogEntries(current, [entry]));
    },
    { target: follow?.target, enabled: live },
  );

  // Nothing answered yet: the first page is on its way.
  const loading = total === null && error === null;
  return { entries, total, error, loading, reload: loadNext };
}
