import type { SessionStore } from './session-store.ts';

/** Why the route guard signed the user out, so the login page can say so instead of staying silent. */
export type SignOutNotice =
  /** The user opened a page they lack the permission for (`path`). */
  | { readonly reason: 'forbidden'; readonly path: string }
  /** A signed-in user opened a page for signed-out visitors only (the login page). */
  | { readonly reason: 'loginPage' };

// One notice per session store (one per app, and per test), without a field on the store itself.
const notices = new WeakMap<SessionStore, SignOutNotice>();

/** Remembers (or, with `undefined`, forgets) why the guard signed the user out. */
export function setSignOutNotice(session: SessionStore, notice: SignOutNotice | undefined): void {
  if (notice) notices.set(session, notice);
  else notices.delete(session);
}

/** The reason of the last guard sign-out, until the next navigation that signs nobody out. */
export function signOutNotice(session: SessionStore): SignOutNotice | undefined {
  return notices.get(session);
}
