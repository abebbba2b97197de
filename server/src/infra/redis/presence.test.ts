import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { PresenceTransition } from '../presence-store';
import { TcpProxy } from '../../testing/tcp-proxy';
import { createRedis, type RedisConnections } from './connection';
import { RedisPresenceStore } from './presence';
import { REDIS_URL, dropPrefix, testPrefix } from '../../testing/redis';

const log = pino({ level: 'silent' });

describe.skipIf(!REDIS_URL)('RedisPresenceStore', () => {
  const opened: RedisConnections[] = [];
  const proxies: TcpProxy[] = [];
  const prefixes: string[] = [];
  afterEach(async () => {
    for (const r of opened.splice(0)) await r.close();
    for (const p of proxies.splice(0)) await p.close();
    for (const p of prefixes.splice(0)) await dropPrefix(REDIS_URL!, p);
  });

  function prefix() {
    const p = testPrefix();
    prefixes.push(p);
    return p;
  }

  async function node(p: string, nodeId: string, url = REDIS_URL!, nodeTtlMs = 10_000) {
    const redis = createRedis(url, p);
    opened.push(redis);
    await redis.ready();
    const store = new RedisPresenceStore(redis, { nodeId, heartbeatMs: 1_000, nodeTtlMs, log });
    const heard: PresenceTransition[] = [];
    store.onTransition((t) => heard.push(t));
    await store.beat();
    return { store, heard };
  }

  it('counts a user’s connections across nodes and reports each transition once', async () => {
    const p = prefix();
    const { store: a } = await node(p, 'a');
    const { store: b } = await node(p, 'b');
    expect(await a.connect(7)).toBe(true);
    expect(await b.connect(7)).toBe(false);
    expect(await b.connect(7)).toBe(false);
    expect(await a.isOnline(7)).toBe(true);
    expect(await b.onlineAmong([7, 8])).toEqual([7]);
    expect(await a.disconnect(7)).toBe(false);
    expect(await b.disconnect(7)).toBe(false);
    expect(await b.disconnect(7)).toBe(true);
    expect(await a.isOnline(7)).toBe(false);
    // A disconnect this node never counted changes nothing.
    expect(await a.disconnect(7)).toBe(false);
  });

  it('a dead node’s users go offline once its heartbeat expires, announced by exactly one node', async () => {
    const p = prefix();
    const a = await node(p, 'a');
    const b = await node(p, 'b');
    // Its heartbeat lives a second: long enough that a stalled CI machine does not expire it
    // before the first check.
    const dead = await node(p, 'dead', REDIS_URL!, 1_000);
    await dead.store.connect(1);
    await dead.store.connect(2);
    await a.store.connect(2); // also connected to a living node: stays online
    await a.store.beat();
    expect(await a.store.onlineAmong([1, 2])).toEqual([1, 2]);
    await new Promise((r) => setTimeout(r, 1_100)); // `dead` beats no more
    await Promise.all([a.store.beat(), b.store.beat()]);
    expect(await a.store.onlineAmong([1, 2])).toEqual([2]);
    expect([...a.heard, ...b.heard]).toEqual([{ userId: 1, online: false }]);
  });

  it('while Redis is unreachable connections still work, and Redis learns them when it returns', async () => {
    const p = prefix();
    const { proxy, url } = TcpProxy.forUrl(REDIS_URL!);
    proxies.push(proxy);
    await proxy.listen();
    const watcher = await node(p, 'w');
    const cut = await node(p, 'cut', url());
    await cut.store.connect(3);
    proxy.pause();
    expect(await cut.store.connect(4)).toBe(false);
    expect(await cut.store.disconnect(3)).toBe(false);
    await expect(cut.store.isOnline(4)).rejects.toThrow();
    await cut.store.beat(); // fails quietly
    await proxy.resume();
    await expect.poll(async () => (await cut.store.beat(), cut.heard.length), { timeout: 8_000 }).toBe(2);
    expect(cut.heard).toEqual([
      { userId: 4, online: true },
      { userId: 3, online: false },
    ]);
    expect(await watcher.store.onlineAmong([3, 4])).toEqual([4]);
  });
});
