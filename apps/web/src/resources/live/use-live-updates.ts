import { useEffect, useRef } from 'react';
import { useSessionState, useSessionStore } from '../../session/session-context.tsx';
import { realtimeClientFor, type LiveHandler } from './realtime-client.ts';

/**
 * Calls `handler` for every created, updated and deleted record of a resource type (or of one record,
 * with `target`) while the component is mounted and somebody is signed in. `type` is the entity type
 * of the realtime gateway (`user`, `userRole`, `analysisNode`, ...). `enabled: false` pauses it.
 */
export function useLiveUpdates<T = Record<string, unknown>>(
  type: string | undefined,
  handler: LiveHandler<T>,
  { target, enabled = true }: { target?: string; enabled?: boolean } = {},
): void {
  const session = useSessionStore();
  const { accessToken } = useSessionState();
  const signedIn = accessToken !== undefined;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!type || !enabled || !signedIn) return;
    return realtimeClientFor(session).subscribe<T>(
      type,
      (event, data) => latest.current(event, data),
      target,
    );
  }, [session, type, target, enabled, signedIn]);
}
