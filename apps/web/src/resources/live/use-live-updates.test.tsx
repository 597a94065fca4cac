import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { adminSession, createTestSession } from '../../test/session.ts';
import { installFakeRealtime } from './fake-live-socket.ts';
import { useLiveUpdates } from './use-live-updates.ts';

function Watcher({
  type,
  onEvent,
  target,
}: {
  type: string;
  onEvent: (...args: unknown[]) => void;
  target?: string;
}) {
  useLiveUpdates(type, onEvent, { target });
  return null;
}

describe('useLiveUpdates', () => {
  it('subscribes while mounted, delivers events and unsubscribes on unmount', async () => {
    const test = createTestSession({ signedIn: adminSession });
    await test.session.resolve();
    const live = installFakeRealtime(test.session);
    const onEvent = vi.fn();
    const view = renderWithProviders(<Watcher type="role" target="r1" onEvent={onEvent} />, {
      session: test.session,
    });
    await waitFor(() => expect(live.socket.emitted).toEqual([{ event: 'roleSubscribe', payload: 'r1' }]));

    act(() => live.socket.push('role', 'updated', { id: 'r1', name: 'x' }, 'r1'));
    expect(onEvent).toHaveBeenCalledWith('updated', { id: 'r1', name: 'x' });

    view.unmount();
    expect(live.socket.emittedNames).toEqual(['roleSubscribe', 'roleUnsubscribe']);
  });

  it('does nothing while nobody is signed in, and closes the socket on logout', async () => {
    const test = createTestSession();
    const live = installFakeRealtime(test.session);
    renderWithProviders(<Watcher type="user" onEvent={() => {}} />, { session: test.session });
    expect(live.sockets).toHaveLength(0);

    const signedIn = createTestSession({ signedIn: adminSession });
    await signedIn.session.resolve();
    const other = installFakeRealtime(signedIn.session);
    renderWithProviders(<Watcher type="user" onEvent={() => {}} />, { session: signedIn.session });
    await waitFor(() => expect(other.socket.connected).toBe(true));
    await act(() => signedIn.session.logout());
    expect(other.socket.connected).toBe(false);
  });
});
