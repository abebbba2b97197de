import { randomInt } from 'node:crypto';
/**
 * Two server nodes (two in-process apps) on one PostgreSQL database and one Redis: what a player
 * on one node does reaches players on the other. See docs/scale-out.md.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/harness';
import { connectPlayer, type Player } from '../../testing/game-clients';
import { TcpProxy } from '../../testing/tcp-proxy';
import { unreservedName } from '../../testing/usernames';
import { TestSocket } from '../../testing/ws-client';
import { REDIS_URL, dropPrefix, testPrefix } from '../../testing/redis';

const enabled = Boolean(REDIS_URL && process.env.DATABASE_URL);

describe.skipIf(!enabled)('two nodes sharing PostgreSQL and Redis', () => {
  const nodes: TestApp[] = [];
  const sockets: TestSocket[] = [];
  const proxies: TcpProxy[] = [];
  let prefix = '';
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    // The first node owns the test schema: it closes last and drops it.
    for (const node of nodes.splice(0).reverse()) await node.close();
    for (const p of proxies.splice(0)) await p.close();
    await dropPrefix(REDIS_URL!, prefix);
  });

  const env = (nodeId: string, redisUrl = REDIS_URL!) => ({
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    NODE_ID: nodeId,
    BOT_DELAY_MS: '0',
    WS_MESSAGES_PER_SECOND: '5000',
  });

  /** Node one makes the database schema; the others use it (DATABASE_URL overrides the dialect). */
  async function cluster(count: number, redisUrls: string[] = []) {
    prefix = testPrefix();
    const first = await createTestApp('postgres', env('n1', redisUrls[0]));
    nodes.push(first);
    for (let i = 2; i <= count; i++) {
      nodes.push(
        await createTestApp('sqlite', {
          ...env(`n${i}`, redisUrls[i - 1]),
          DATABASE_URL: first.config.databaseUrl!,
        }),
      );
    }
    return Promise.all(nodes.map((n) => n.listen()));
  }

  let n = 0;
  async function player(node: TestApp, url: string): Promise<Player> {
    const p = await connectPlayer(
      node.app,
      url,
      unreservedName(() => `nd${++n}_${randomInt(10_000)}`),
    );
    sockets.push(p.socket);
    return p;
  }

  it('tells friends on another node when a user comes online and goes offline', async () => {
    const [url1, url2] = await cluster(2);
    const a = await player(nodes[0]!, url1!);
    const b = await player(nodes[1]!, url2!);
    const post = (token: string, url: string, payload: object) =>
      nodes[0]!.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const { id } = (await post(a.token, '/api/friends/request', { friendId: b.userId })).json();
    expect(
      (await post(b.token, '/api/friends/respond', { requestId: id, status: 'accepted' })).statusCode,
    ).toBe(200);
    await a.socket.next('USER_ONLINE', (m) => m.userId === b.userId);
    await b.socket.next('USER_ONLINE', (m) => m.userId === a.userId);
    a.socket.send({ type: 'GET_ONLINE_STATUS', userIds: [b.userId], token: a.token });
    expect((await a.socket.next('ONLINE_STATUS')).onlineUsers).toEqual([b.userId]);

    // b opens a second socket on node one and closes the one on node two: still online.
    const again = await TestSocket.signedIn(url1!, b.token);
    sockets.push(again);
    await b.socket.close();
    a.socket.send({ type: 'GET_ONLINE_STATUS', userIds: [b.userId], token: a.token });
    expect((await a.socket.next('ONLINE_STATUS')).onlineUsers).toEqual([b.userId]);
    await again.close();
    await a.socket.next('USER_OFFLINE', (m) => m.userId === b.userId);
    expect(a.socket.frames.filter((f) => f.type === 'USER_OFFLINE').length).toBe(1);
  });

  it('a node cut off from Redis long enough is given up: its users go offline for friends elsewhere, and come back', async () => {
    const { proxy, url: throughProxy } = TcpProxy.forUrl(REDIS_URL!);
    proxies.push(proxy);
    await proxy.listen();
    prefix = testPrefix();
    const fast = { NODE_HEARTBEAT_SECONDS: '0.2', NODE_TTL_SECONDS: '0.6' };
    const first = await createTestApp('postgres', { ...env('n1'), ...fast });
    nodes.push(first);
    nodes.push(
      await createTestApp('sqlite', {
        ...env('n2', throughProxy()),
        ...fast,
        DATABASE_URL: first.config.databaseUrl!,
      }),
    );
    const [url1, url2] = await Promise.all(nodes.map((node) => node.listen()));
    const a = await player(nodes[0]!, url1!);
    const b = await player(nodes[1]!, url2!);
    const post = (token: string, url: string, payload: object) =>
      first.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const { id } = (await post(a.token, '/api/friends/request', { friendId: b.userId })).json();
    await post(b.token, '/api/friends/respond', { requestId: id, status: 'accepted' });
    await a.socket.next('USER_ONLINE', (m) => m.userId === b.userId);

    proxy.pause(); // node two looks dead to the others: no heartbeat
    await a.socket.next('USER_OFFLINE', (m) => m.userId === b.userId, 5_000);
    await proxy.resume(); // it beats again and writes its counts back
    await a.socket.next('USER_ONLINE', (m) => m.userId === b.userId, 8_000);
    expect(a.socket.frames.filter((f) => f.type === 'USER_OFFLINE')).toHaveLength(1);
  });

  it('pairs two players queued on different nodes through the shared queue, once, and both accept', async () => {
    const [url1, url2] = await cluster(2);
    const a = await player(nodes[0]!, url1!);
    const b = await player(nodes[1]!, url2!);
    a.socket.send({ type: 'JOIN_QUICK_QUEUE', token: a.token });
    await a.socket.next('QUEUE_JOIN_SUCCESS');
    b.socket.send({ type: 'JOIN_QUICK_QUEUE', token: b.token });
    const foundA = await a.socket.next('MATCH_FOUND');
    const foundB = await b.socket.next('MATCH_FOUND');
    expect(foundA.token).toBe(foundB.token);
    expect(foundA.opponent.username).toBe(b.username);
    // Both nodes run the matcher every second: a while later, still exactly one match each.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(a.socket.frames.filter((f) => f.type === 'MATCH_FOUND')).toHaveLength(1);
    expect(b.socket.frames.filter((f) => f.type === 'MATCH_FOUND')).toHaveLength(1);

    a.socket.send({ type: 'ACCEPT_MATCH', token: foundA.token, userId: a.userId });
    await b.socket.next('MATCH_ACCEPTANCE_UPDATE', (m) => m.token === foundA.token && m.accepted);
    b.socket.send({ type: 'ACCEPT_MATCH', token: foundB.token, userId: b.userId });
    const createdA = await a.socket.next('GAME_CREATED');
    const createdB = await b.socket.next('GAME_CREATED');
    expect(createdA.gameId).toBe(createdB.gameId);
    // A second answer to the finished match, on either node, finds nothing.
    a.socket.send({ type: 'REJECT_MATCH', token: foundA.token, userId: a.userId });
    expect((await a.socket.next('ERROR')).code).toBe('MATCH_NOT_FOUND');
  });

  it('counts a client’s HTTP requests on every node together', async () => {
    prefix = testPrefix();
    const limited = { ...env('n1'), AUTH_RATE_LIMIT_PER_MINUTE: '3' };
    const first = await createTestApp('postgres', limited);
    nodes.push(first);
    nodes.push(
      await createTestApp('sqlite', {
        ...limited,
        NODE_ID: 'n2',
        DATABASE_URL: first.config.databaseUrl!,
      }),
    );
    const login = (node: TestApp) =>
      node.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody_here', password: 'wrong password' },
        remoteAddress: '10.9.8.7',
      });
    const statuses = [];
    for (const node of [nodes[0]!, nodes[1]!, nodes[0]!, nodes[1]!])
      statuses.push((await login(node)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a rejection on one node ends the match for the player on the other', async () => {
    const [url1, url2] = await cluster(2);
    const a = await player(nodes[0]!, url1!);
    const b = await player(nodes[1]!, url2!);
    a.socket.send({ type: 'JOIN_RANKED_QUEUE', token: a.token });
    await a.socket.next('QUEUE_JOIN_SUCCESS');
    b.socket.send({ type: 'JOIN_RANKED_QUEUE', token: b.token });
    const found = await b.socket.next('MATCH_FOUND');
    await a.socket.next('MATCH_FOUND');
    b.socket.send({ type: 'REJECT_MATCH', token: found.token, userId: b.userId });
    expect((await a.socket.next('MATCH_REJECTED')).rejectedBy).toBe(b.userId);
    a.socket.send({ type: 'ACCEPT_MATCH', token: found.token, userId: a.userId });
    expect((await a.socket.next('ERROR')).code).toBe('MATCH_NOT_FOUND');
  });

  it('while Redis is unreachable answers clear errors without crashing, and recovers when it returns', async () => {
    const { proxy, url: throughProxy } = TcpProxy.forUrl(REDIS_URL!);
    proxies.push(proxy);
    await proxy.listen();
    const [url] = await cluster(1, [throughProxy()]);
    const node = nodes[0]!;
    const a = await player(node, url!);
    const deep = async () => {
      const res = await node.app.inject({ method: 'GET', url: '/api/health?deep=1' });
      return { status: res.statusCode, body: res.json() as { node: string; checks: Record<string, string> } };
    };
    expect(await deep()).toMatchObject({
      status: 200,
      body: { node: 'n1', checks: { database: 'up', redis: 'up' } },
    });

    proxy.pause();
    expect(await deep()).toMatchObject({ status: 503, body: { checks: { database: 'up', redis: 'down' } } });
    a.socket.send({ type: 'JOIN_QUICK_QUEUE', token: a.token });
    const error = await a.socket.next('ERROR');
    expect(error).toMatchObject({ code: 'UNAVAILABLE', ref: 'JOIN_QUICK_QUEUE' });
    // Sign-in attempts are counted in Redis: refused plainly rather than let through unlimited.
    const login = await node.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: a.username, password: 'correct horse' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toMatchObject({ code: 'unavailable' });
    // The socket and the node still work for what needs no Redis.
    expect((await node.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    a.socket.send({ type: 'GET_ONLINE_STATUS', userIds: [], token: a.token });
    await a.socket.next('ONLINE_STATUS');

    await proxy.resume();
    await expect.poll(async () => (await deep()).status, { timeout: 8_000 }).toBe(200);
    a.socket.send({ type: 'JOIN_QUICK_QUEUE', token: a.token });
    await a.socket.next('QUEUE_JOIN_SUCCESS');
    const again = await node.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: a.username, password: 'correct horse' },
    });
    expect(again.statusCode).toBe(200);
  });
});
