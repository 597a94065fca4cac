import type { RealtimeSocket } from './types.ts';

/** setTimeout cannot wait longer than this; longer waits are taken in steps. */
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/**
 * Ends the socket when its access token expires. The handshake is the only place a token is checked,
 * so without this a connection would outlive its token; disconnected, the client reconnects with a
 * fresh token (docs/product/identity-and-access.md §4 Realtime: a socket reconnects whenever the access token
 * changes).
 */
export function disconnectAtExpiry(socket: RealtimeSocket, expiresAt: number): void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const remaining = expiresAt - Date.now();
    if (remaining <= 0) {
      // Only this namespace: other namespaces multiplexed on the connection may use another token.
      socket.disconnect();
      return;
    }
    // Timers may fire a little early, so each firing checks the clock again.
    timer = setTimeout(arm, Math.min(remaining, MAX_TIMER_DELAY));
    timer.unref();
  };
  socket.once('disconnect', () => clearTimeout(timer));
  arm();
}
