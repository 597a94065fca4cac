import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminSession, sessionWith } from '../../test/session.ts';
import { createTestSession } from '../../test/session.ts';
import { OTHER_REALM } from '../../test/fake-auth-server.ts';
import { installFakeRealtime, type FakeLiveSocket } from './fake-live-socket.ts';
import { ACK_TIMEOUT_MS, SUBSCRIBE_RETRIES } from './realtime-client.ts';

async function signedIn(seed = adminSession) {
  const test = createTestSession({ signedIn: seed });
  await test.session.resolve();
  return test;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('RealtimeClient', () => {
  it('connects master users to /resources and others to their realm namespace', async () => {
    const admin = installFakeRealtime((await signedIn()).session);
    admin.client.subscribe('user', () => {});
    expect(admin.socket.namespace).toBe('/resources');

    const other = installFakeRealtime((await signedIn(sessionWith('user_read'))).session);
    other.client.subscribe('user', () => {});
    expect(other.socket.namespace).toBe(`/resources/${OTHER_REALM.id}`);
    expect(other.socket.token()).toMatch(/^access-/);
  });

  it('subscribes once per room, delivers events of that room and unsubscribes after the last view', async () => {
    const { session } = await signedIn();
    const live = installFakeRealtime(session);
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = live.client.subscribe('user', first);
    const stopSecond = live.client.subscribe('user', second);
    await flush();
    expect(live.socket.emittedNames).toEqual(['userSubscribe']);
    live.socket.emitted.length = 0;

    live.socket.push('user', 'created', { id: 'u1', name: 'alice' });
    expect(first).toHaveBeenCalledWith('created', { id: 'u1', name: 'alice' });
    expect(second).toHaveBeenCalledTimes(1);
    // An event of a room nobody here asked for is dropped.
    live.socket.push('user', 'updated', { id: 'u1' }, 'u1');
    expect(first).toHaveBeenCalledTimes(1);

    // A directional view of another entity type is routed by its room (projectNodeIn).
    const incoming = vi.fn();
    live.client.subscribe('projectNodeIn', incoming);
    live.socket.push('projectNodeIn', 'created', { id: 'pn1' }, undefined, 'projectNode');
    expect(incoming).toHaveBeenCalledWith('created', { id: 'pn1' });
    expect(first).toHaveBeenCalledTimes(1);
    live.client.subscribe('projectNodeIn', incoming)();

    live.socket.emitted.length = 0;
    stopFirst();
    expect(live.socket.emittedNames).toEqual([]);
    stopSecond();
    expect(live.socket.emittedNames).toEqual(['userUnsubscribe']);
  });

  it('asks again when an acknowledgement does not come, at most three more times', async () => {
    vi.useFakeTimers();
    const { session } = await signedIn();
    const live = installFakeRealtime(session);
    live.client.subscribe('role', () => {});
    // The fake socket opens on the first subscription; silence it before it answers.
    const socket = live.socket;
    socket.acks.push(undefined, undefined, undefined, undefined, undefined);
    socket.disconnect();
    socket.emitted.length = 0;
    socket.connect();
    for (let step = 0; step < 6; step += 1) await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(socket.emittedNames).toEqual(Array(1 + SUBSCRIBE_RETRIES).fill('roleSubscribe'));
  });

  it('does not ask again after a refusal', async () => {
    const { session } = await signedIn();
    const live = installFakeRealtime(session);
    live.client.subscribe('role', () => {});
    const socket: FakeLiveSocket = live.socket;
    await flush();
    socket.acks.push({ ok: false, code: 'permission_denied', message: 'no' });
    socket.disconnect();
    socket.emitted.length = 0;
    socket.connect();
    await flush();
    expect(socket.emittedNames).toEqual(['roleSubscribe']);
  });

  it('reconnects with the new token when the access token changes and subscribes again', async () => {
    const { session } = await signedIn();
    const live = installFakeRealtime(session);
    live.client.subscribe('user', () => {});
    await flush();
    const before = session.getState().accessToken;
    await session.renew();
    expect(session.getState().accessToken).not.toBe(before);
    expect(live.socket.connects).toBe(2);
    expect(live.socket.token()).toBe(session.getState().accessToken);
    await flush();
    expect(live.socket.emittedNames).toEqual(['userSubscribe', 'userSubscribe']);
  });
});
