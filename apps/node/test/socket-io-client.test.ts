import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { realmNamespace } from '@federa/schemas/realtime';
import { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { followRealtime } from '../src/follow/realtime.ts';
import { connectSocketIo, type SocketIoConnection } from '../src/follow/socket-io-client.ts';
import { robotSecretOf, startHubWorld, until, type HubWorld } from './support/hub.ts';
import { startOutageProxy } from './support/outage-proxy.ts';

/**
 * The agent's own Socket.IO client against the real hub's socket.io server: the node's robot in its
 * realm's namespace, as the agent follows its analysis nodes. The hub checks sessions every 200 ms
 * here, so a revoked token ends a connection within moments.
 */
describe('the agent socket.io client', () => {
  let world: HubWorld;
  let secret: string;
  const open: SocketIoConnection[] = [];

  beforeAll(async () => {
    world = await startHubWorld({ REALTIME_REVALIDATE_INTERVAL_MS: '200' });
    secret = await robotSecretOf(world, world.siteNode.robotId);
  });
  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
  });
  afterAll(async () => {
    await world?.ctx.close();
  });

  /** A fresh access token of the site node's robot. */
  const robotToken = async () => {
    const response = await world.ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'robot_credentials', id: world.siteNode.robotId, secret },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().access_token as string;
  };

  /** Connects as the site node's robot (or with `token()`), recording everything the client reports. */
  const follow = (url = world.url, token: () => Promise<string> = robotToken) => {
    const seen = {
      connects: 0,
      tokens: [] as string[],
      disconnects: [] as string[],
      refusals: [] as string[],
    };
    const events: { name: string; args: unknown[] }[] = [];
    const connection = connectSocketIo({
      url,
      namespace: realmNamespace(world.siteNode.realm_id),
      auth: async () => {
        const value = await token();
        seen.tokens.push(value);
        return { token: value };
      },
      onConnect: () => (seen.connects += 1),
      onDisconnect: (reason) => seen.disconnects.push(reason),
      onConnectError: (message) => seen.refusals.push(message),
      onEvent: (name, args) => events.push({ name, args }),
    });
    open.push(connection);
    return { connection, seen, events };
  };

  const linkSiteNode = async (name: string) => {
    const analysis = await world.owner.post('/core/analyses', { project_id: world.projectId, name });
    const link = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysis.json().id,
      node_id: world.siteNode.id,
    });
    expect(link.statusCode, link.body).toBe(201);
    return link.json().id as string;
  };

  it('subscribes with an acknowledgement and receives the events of the room', async () => {
    const { connection, events } = follow();
    await until(async () => connection.connected());
    expect(await connection.emitWithAck('analysisNodeInSubscribe')).toEqual({ ok: true });

    const id = await linkSiteNode('Heard over realtime');
    const created = await until(async () => events.find((event) => event.name === 'analysisNodeCreated'));
    expect((created.args[0] as { data: { id: string } }).data.id).toBe(id);
  });

  it('reports a subscription the hub refuses', async () => {
    const { connection } = follow();
    await until(async () => connection.connected());
    const answer = (await connection.emitWithAck('userSubscribe')) as { ok: boolean; code?: string };
    expect(answer.ok).toBe(false);
    expect(answer.code).toEqual(expect.any(String));
  });

  it('reports a refused connection and keeps trying', async () => {
    const { connection, seen } = follow(world.url, async () => 'not-a-token');
    await until(async () => seen.refusals.length >= 2);
    expect(connection.connected()).toBe(false);
    expect(seen.connects).toBe(0);
  });

  it('comes back after the hub was gone, subscribes again and hears what happens next', async () => {
    const hub = new URL(world.url);
    const proxy = await startOutageProxy({ host: hub.hostname, port: Number(hub.port) });
    try {
      const { connection, seen, events } = follow(proxy.url);
      await until(async () => connection.connected());

      await proxy.down();
      await until(async () => !connection.connected());
      expect(seen.disconnects).toEqual(['transport close']);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await proxy.up();

      await until(async () => connection.connected(), 15_000);
      expect(seen.connects).toBe(2);
      expect(await connection.emitWithAck('analysisNodeInSubscribe')).toEqual({ ok: true });
      const id = await linkSiteNode('After the outage');
      await until(async () =>
        events.some((event) => (event.args[0] as { data: { id: string } }).data.id === id),
      );
    } finally {
      await proxy.stop();
    }
  });

  it('connects again with a fresh token when the hub ends the session', async () => {
    const { connection, seen, events } = follow();
    await until(async () => connection.connected());
    const first = seen.tokens[0]!;

    const revoked = await world.ctx.app.inject({
      method: 'POST',
      url: '/auth/token/revoke',
      payload: { token: first },
    });
    expect(revoked.statusCode).toBe(200);
    await until(async () => seen.disconnects.includes('io server disconnect'));

    // Only a new token gets in again: the revoked one would be refused.
    await until(async () => connection.connected() && seen.connects === 2);
    expect(seen.tokens.length).toBe(2);
    expect(seen.tokens[1]).not.toBe(first);
    expect(seen.refusals).toEqual([]);
    expect(await connection.emitWithAck('analysisNodeInSubscribe')).toEqual({ ok: true });
    const id = await linkSiteNode('After the new session');
    await until(async () =>
      events.some((event) => (event.args[0] as { data: { id: string } }).data.id === id),
    );
  });

  it('signs in afresh when the hub refuses the token the agent still holds (revoked)', async () => {
    // As the agent's session does: the token is kept until it nears its expiry or is forgotten.
    let cached: string | undefined;
    let forgotten = 0;
    const said: string[] = [];
    const follower = followRealtime({
      hubUrl: world.url,
      realmId: world.siteNode.realm_id,
      accessToken: async () => (cached ??= await robotToken()),
      forgetToken: () => {
        forgotten += 1;
        cached = undefined;
      },
      onChange: () => {},
      say: (line) => said.push(line),
    });
    try {
      await until(async () => follower.connected());
      const first = cached!;
      const revoked = await world.ctx.app.inject({
        method: 'POST',
        url: '/auth/token/revoke',
        payload: { token: first },
      });
      expect(revoked.statusCode).toBe(200);

      await until(async () => follower.connected() && cached !== undefined && cached !== first, 15_000);
      expect(forgotten).toBeGreaterThanOrEqual(1);
      expect(said.some((line) => line.startsWith('realtime: not connected'))).toBe(true);
    } finally {
      follower.close();
    }
  });

  it('stays closed once closed', async () => {
    const { connection, seen } = follow();
    await until(async () => connection.connected());
    connection.close();
    expect(connection.connected()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(connection.connected()).toBe(false);
    expect(seen.connects).toBe(1);
    expect(seen.disconnects).toEqual([]);
    await expect(connection.emitWithAck('analysisNodeInSubscribe')).rejects.toThrow(/not connected/);
  });
});

/**
 * The heartbeat, against a socket.io server that pings every 100 ms and gives a client 200 ms to
 * answer (the hub's 25 s and 20 s would make these tests slow): the client must answer, and must
 * give up a connection on which the pings stopped coming.
 */
describe('the agent socket.io client heartbeat', () => {
  const http = createServer();
  const io = new Server(http, { pingInterval: 100, pingTimeout: 200 });
  const serverDisconnects: string[] = [];
  io.of('/resources/heartbeat').on('connection', (socket) => {
    socket.on('disconnect', (reason) => serverDisconnects.push(reason));
  });
  let url = '';
  const open: SocketIoConnection[] = [];
  const follow = (server = url) => {
    const seen = { connects: 0, disconnects: [] as string[] };
    const connection = connectSocketIo({
      url: server,
      namespace: '/resources/heartbeat',
      auth: async () => ({}),
      onConnect: () => (seen.connects += 1),
      onDisconnect: (reason) => seen.disconnects.push(reason),
      onConnectError: () => {},
      onEvent: () => {},
    });
    open.push(connection);
    return { connection, seen };
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
  });
  afterAll(async () => {
    await io.close();
  });

  it('answers the pings, so the server keeps the connection', async () => {
    const { connection, seen } = follow();
    await until(async () => connection.connected());
    // Several ping intervals and timeouts.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(connection.connected()).toBe(true);
    expect(serverDisconnects).toEqual([]);
    expect(seen.disconnects).toEqual([]);
  });

  it('gives up a connection that went quiet and connects again', async () => {
    const server = new URL(url);
    const proxy = await startOutageProxy({ host: server.hostname, port: Number(server.port) });
    try {
      const { connection, seen } = follow(proxy.url);
      await until(async () => connection.connected());
      proxy.stall();
      await until(async () => seen.disconnects.length > 0);
      expect(seen.disconnects).toEqual(['ping timeout']);
      await until(async () => connection.connected() && seen.connects === 2);
    } finally {
      await proxy.stop();
    }
  });
});
