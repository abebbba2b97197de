import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { ServerMessage } from '@shared/protocol';
import { TcpProxy } from '../../testing/tcp-proxy';
import { PreparedFrame } from '../frame';
import { createRedis, type RedisConnections } from './connection';
import { RedisBus } from './bus';
import { REDIS_URL, dropPrefix, testPrefix } from '../../testing/redis';

const log = pino({ level: 'silent' });

describe.skipIf(!REDIS_URL)('RedisBus', () => {
  const opened: RedisConnections[] = [];
  const proxies: TcpProxy[] = [];
  afterEach(async () => {
    for (const r of opened.splice(0)) await r.close();
    for (const p of proxies.splice(0)) await p.close();
  });

  async function node(prefix: string, id: string, url = REDIS_URL!) {
    const redis = createRedis(url, prefix);
    opened.push(redis);
    await redis.ready();
    return new RedisBus(redis, id, log);
  }

  /** Resolves once a probe published by `from` reaches `to` on channel `probe`: subscriptions are live. */
  async function linked(from: RedisBus, to: RedisBus) {
    const heard: unknown[] = [];
    const stop = to.subscribe('probe', (m) => heard.push(m));
    await expect.poll(() => (from.publish('probe', 1), heard.length), { timeout: 3_000 }).toBeGreaterThan(0);
    stop();
  }

  it('delivers a message to handlers on every node exactly once, the publisher included', async () => {
    const prefix = testPrefix();
    const a = await node(prefix, 'a');
    const b = await node(prefix, 'b');
    await linked(a, b);
    await linked(b, a);
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    a.subscribe('user:1', (m) => onA.push(m));
    b.subscribe('user:1', (m) => onB.push(m));
    await linked(a, b);
    a.publish('user:1', { type: 'X', n: 1 });
    b.publish('user:1', { type: 'X', n: 2 });
    await expect.poll(() => [onA.length, onB.length]).toEqual([2, 2]);
    // Nothing else arrives later (no echo of a node's own message).
    await new Promise((r) => setTimeout(r, 100));
    expect(onA).toEqual([
      { type: 'X', n: 1 },
      { type: 'X', n: 2 },
    ]);
    expect(onB.map((m) => (m as { n: number }).n).sort()).toEqual([1, 2]);
    await dropPrefix(REDIS_URL!, prefix);
  });

  it('sends a frame a room encoded already as its text, which other nodes hear as the same message', async () => {
    const prefix = testPrefix();
    const a = await node(prefix, 'a');
    const b = await node(prefix, 'b');
    await linked(a, b);
    const onB: unknown[] = [];
    b.subscribe('user:7', (m) => onB.push(m));
    await linked(a, b);
    const message: ServerMessage = {
      type: 'GAME_UPDATE',
      gameId: 'g_1',
      seq: 3,
      events: [],
      changes: { turn: 1 },
    };
    // The text alone counts: were the object encoded instead, `n` would not arrive.
    const text = JSON.stringify({ ...message, n: '\u2028 "quoted" é' });
    a.publish('user:7', new PreparedFrame(text, () => message));
    await expect.poll(() => onB).toEqual([JSON.parse(text)]);
    await dropPrefix(REDIS_URL!, prefix);
  });

  it('keeps deployments with different prefixes apart, and stops delivering after unsubscribe', async () => {
    const a = await node(testPrefix(), 'a');
    const other = await node(testPrefix(), 'b');
    const got: unknown[] = [];
    const stop = other.subscribe('user:1', (m) => got.push(m));
    a.publish('user:1', 'hello');
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toEqual([]);
    stop();
    expect(other.channels).toEqual([]);
  });

  it('subscribes again after Redis was unreachable', async () => {
    const prefix = testPrefix();
    const { proxy, url } = TcpProxy.forUrl(REDIS_URL!);
    proxies.push(proxy);
    await proxy.listen();
    const a = await node(prefix, 'a');
    const b = await node(prefix, 'b', url());
    const got: unknown[] = [];
    b.subscribe('user:9', (m) => got.push(m));
    proxy.pause();
    a.publish('user:9', 'lost'); // nobody listens on Redis meanwhile: gone, not an error
    // A user signing in on b once it knows Redis is gone: b subscribes when Redis is back.
    await expect.poll(() => opened[1]!.subscriber.status).not.toBe('ready');
    const late: unknown[] = [];
    b.subscribe('user:10', (m) => late.push(m));
    await proxy.resume();
    await expect.poll(() => (a.publish('user:10', 'hi'), late.includes('hi')), { timeout: 8_000 }).toBe(true);
    await expect
      .poll(() => (a.publish('user:9', 'back'), got.includes('back')), { timeout: 8_000 })
      .toBe(true);
  });
});
