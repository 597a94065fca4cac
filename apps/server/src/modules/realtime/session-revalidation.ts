import type { Database } from '#platform/db/database.ts';
import { endedSessions, type SessionRef } from '../auth/index.ts';
import type { RealtimeSocket } from './types.ts';

export interface SessionRevalidationOptions {
  db: Database;
  /** How often every socket of this replica is checked again (REALTIME_REVALIDATE_INTERVAL_MS). */
  intervalMs: number;
  onUnexpectedError(error: unknown): void;
}

/**
 * Ends sockets whose session ended after the handshake: the token was revoked, or its user, robot or
 * client was deactivated or deleted. The handshake is the only place a token is checked, so without
 * this a socket would keep receiving its realm's events until the token expires. Each replica checks
 * its own sockets, all of them in a few statements, every interval; the revocation and the account
 * live in the shared database, so it does not matter which replica a change was made through.
 */
export class SessionRevalidation {
  private readonly sockets = new Set<RealtimeSocket>();
  private readonly timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly options: SessionRevalidationOptions) {
    if (options.intervalMs > 0) {
      this.timer = setInterval(() => void this.check(), options.intervalMs);
      this.timer.unref();
    }
  }

  track(socket: RealtimeSocket): void {
    this.sockets.add(socket);
    socket.once('disconnect', () => this.sockets.delete(socket));
  }

  /** One pass over the sockets; a pass still running (slow database) is not overtaken. */
  async check(): Promise<void> {
    if (this.running || this.sockets.size === 0) return;
    this.running = true;
    try {
      const bySession = new Map<SessionRef, RealtimeSocket>();
      for (const socket of this.sockets) {
        const { identity } = socket.data;
        bySession.set({ tokenId: identity.tokenId, kind: identity.type, subjectId: identity.id }, socket);
      }
      const ended = await endedSessions(this.options.db, [...bySession.keys()]);
      for (const session of ended) bySession.get(session)?.disconnect();
    } catch (error) {
      this.options.onUnexpectedError(error);
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.sockets.clear();
  }
}
