import { useMemo } from 'react';
import type { AccessContext } from '../navigation/access.ts';
import { useSession } from '../session/session-context.tsx';

/**
 * What menus and access checks read about the visitor: logged in or not, and whether they hold any
 * of some permissions (pre-check by name). The full session is `useSession()` in `src/session/`.
 */
export type Session = AccessContext;

/** The current visitor's access, from the real session. */
export function useAccess(): Session {
  const { loggedIn, hasAnyPermission } = useSession();
  return useMemo(() => ({ loggedIn, hasAnyPermission }), [loggedIn, hasAnyPermission]);
}
